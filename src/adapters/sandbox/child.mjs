// The sandbox child: runs model-written Python in Pyodide inside a Node process started
// under the permission model (reads limited to the Pyodide runtime and this file, an
// empty environment, no code generation from strings). Plain JavaScript, copied to dist
// as is. Protocol: one JSON request on stdin, one JSON line on stdout.
import { constants as fsConstants } from 'node:fs';
import { pathToFileURL } from 'node:url';

const MAX_INPUT = 4 * 1024 * 1024;

// Pyodide's NODEFS init asks process.binding('constants'); the permission model refuses
// process.binding, so answer that one question and refuse everything else.
const originalBinding = process.binding;
process.binding = (name) => {
  if (name === 'constants') return { fs: fsConstants };
  throw new Error(`process.binding(${JSON.stringify(name)}) is not available in the sandbox`);
};
void originalBinding;

async function readStdin() {
  const chunks = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += chunk.length;
    if (size > MAX_INPUT) throw new Error('request too large');
    chunks.push(chunk);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const pyodideDir = process.argv[2];
const request = await readStdin();
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/`, jsglobals: Object.create(null), stdout: () => {}, stderr: () => {} });
pyodide.runPython(`
import sys
for _name in ("js", "pyodide_js"):
    sys.modules.pop(_name, None)
`);
pyodide.unregisterJsModule('js');
pyodide.unregisterJsModule('pyodide_js');
pyodide.globals.set('__evalgate_request', JSON.stringify(request));
const out = pyodide.runPython(request.harness);
process.stdout.write(`${out}\n`);
