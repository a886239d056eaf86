// The sandbox supervisor: a small process of evalgate's own (it runs no model code) that
// watches the sandbox children from outside, so that nothing a child does to itself or
// to evalgate keeps it alive or keeps the run waiting. Plain JavaScript, copied to dist/.
//
// - evalgate gone (this process's stdin closes, or it is re-parented): every watched
//   child's process group is killed with SIGKILL, which also ends a stopped process.
// - a watched child's resident memory (the whole process: wasm, heap and array buffers)
//   above its cap: its group is killed and the reason reported.
// - a case past its deadline plus a grace period (evalgate normally kills it first, but a
//   stopped evalgate cannot): its group is killed and the reason reported.
// - evalgate stopped (state T) while it has no terminal: every child running a case is
//   killed (one of them is the likely cause) and evalgate is continued with SIGCONT. On
//   a terminal a stop is the user's Ctrl-Z and is left alone.
//
// Protocol: JSON lines on stdin — {"watch":pid,"capBytes":n}, {"busy":pid,"deadlineMs":n},
// {"idle":pid}, {"forget":pid}; JSON lines on stdout — {"killed":pid,"reason":"memory",
// "rssBytes":n} (reason memory | deadline | parent-stopped), {"resumed":ppid}.
import { readFileSync, writeSync } from 'node:fs';

const POLL_MS = 50;
const parent = process.ppid;
/** pid → { cap, deadline (ms since epoch) or 0 } */
const watched = new Map();

function send(message) {
  try {
    writeSync(1, `${JSON.stringify(message)}\n`);
  } catch {
    // evalgate is gone; the stdin end handles that
  }
}

function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

function endAll() {
  for (const pid of watched.keys()) killGroup(pid);
  watched.clear();
  process.exit(0);
}

/** The fields of /proc/<pid>/stat after the command name, or null. */
function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The pid and its descendants (a wrapper such as `unshare --fork` runs the interpreter as its child). */
function tree(pid, depth = 0) {
  const out = [pid];
  if (depth > 3) return out;
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    for (const c of children ? children.split(' ') : []) out.push(...tree(Number(c), depth + 1));
  } catch {
    // no such process, or no children file
  }
  return out;
}

const linux = (() => {
  try {
    readFileSync('/proc/self/stat');
    return true;
  } catch {
    return false;
  }
})();

let stoppedPolls = 0;
function poll() {
  if (process.ppid !== parent) endAll();
  const now = Date.now();
  for (const [pid, w] of watched) {
    if (w.deadline && now > w.deadline) {
      send({ killed: pid, reason: 'deadline' });
      killGroup(pid);
      watched.delete(pid);
      continue;
    }
    if (linux && w.cap) {
      const rss = tree(pid).reduce((sum, p) => sum + rssOf(p), 0);
      if (rss > w.cap) {
        send({ killed: pid, reason: 'memory', rssBytes: rss });
        killGroup(pid);
        watched.delete(pid);
      }
    }
  }
  if (linux) {
    const fields = stat(parent);
    // state T (stopped by a signal), not t (a debugger's trace stop); field 7 is tty_nr
    if (fields && fields[0] === 'T' && Number(fields[4]) === 0) {
      stoppedPolls++;
      if (stoppedPolls >= 2) {
        for (const [pid, w] of watched)
          if (w.deadline) {
            send({ killed: pid, reason: 'parent-stopped' });
            killGroup(pid);
            watched.delete(pid);
          }
        try {
          process.kill(parent, 'SIGCONT');
          send({ resumed: parent });
        } catch {
          // gone
        }
        stoppedPolls = 0;
      }
    } else stoppedPolls = 0;
  }
}

let buffer = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffer += chunk;
  for (let nl = buffer.indexOf('\n'); nl >= 0; nl = buffer.indexOf('\n')) {
    const line = buffer.slice(0, nl);
    buffer = buffer.slice(nl + 1);
    let m;
    try {
      m = JSON.parse(line);
    } catch {
      continue;
    }
    if (Number.isInteger(m.watch)) watched.set(m.watch, { cap: Number(m.capBytes) || 0, deadline: 0 });
    else if (Number.isInteger(m.busy)) {
      const w = watched.get(m.busy);
      if (w) w.deadline = Date.now() + Number(m.deadlineMs);
    } else if (Number.isInteger(m.idle)) {
      const w = watched.get(m.idle);
      if (w) w.deadline = 0;
    } else if (Number.isInteger(m.forget)) watched.delete(m.forget);
  }
});
process.stdin.on('end', endAll);
process.stdin.on('error', endAll);
setInterval(poll, POLL_MS);
send({ ready: process.pid });
