# evalgate's driver for the opt-in `unsafe-host-python` executor. It is NOT a sandbox:
# model code runs in the host's python3 and can read any file the user can and reach the
# network. The parent gives it an empty environment, a fresh temporary working directory,
# resource limits and a wall-clock deadline; that is all.
#
# It runs the same trusted harness as the Pyodide child and compares the values the
# tests yield with exact types, then prints the verdict with the parent's nonce.
import json
import resource
import sys


def main():
    request = json.loads(sys.stdin.readline())
    nonce = request["nonce"]
    limit = request.get("memoryBytes") or 1 << 30
    cpu = int(request.get("cpuSeconds") or 60)
    for name, value in (("RLIMIT_AS", limit), ("RLIMIT_FSIZE", 16 << 20), ("RLIMIT_CORE", 0), ("RLIMIT_CPU", cpu)):
        if hasattr(resource, name):
            resource.setrlimit(getattr(resource, name), (value, value))
    watch_parent(float(request.get("deadlineMs") or 60000) / 1000)
    out = sys.stdout
    write = out.write
    dumps = json.dumps
    namespace = {}
    exec(compile(request["harness"], "harness.py", "exec"), namespace)
    api = namespace["__evalgate_harness"]()
    api["scrub"]()
    captured = []

    class Capture:
        def write(self, text):
            if sum(len(c) for c in captured) < 16384:
                captured.append(str(text))
            return len(text)

        def flush(self):
            pass

    sys.stdout = sys.stderr = Capture()
    try:
        report = grade(api, request, json.loads)
    except Tampering as e:
        report = {"stage": "tampering", "message": str(e), "tests": []}
    found = api["intact"](None, None)
    if found is not None:
        report = {"stage": "tampering", "message": found, "tests": []}
    write(dumps({"nonce": nonce, "report": report, "output": "".join(captured)[:16384]}) + "\n")
    out.flush()


def watch_parent(deadline_seconds):
    """
    Ends this process when evalgate is gone (this process was re-parented, as after a
    SIGKILL of evalgate) or when the case outlives its own deadline, even while model code
    keeps the main thread busy. RLIMIT_CPU above is the backstop: this executor is not a
    sandbox, and code that means to can stop this thread.
    """
    import os
    import signal
    import threading
    import time

    parent = os.getppid()
    end = time.monotonic() + deadline_seconds
    kill, getppid, getpid, monotonic, sleep = os.kill, os.getppid, os.getpid, time.monotonic, time.sleep

    def watch():
        while getppid() == parent and monotonic() < end:
            sleep(0.25)
        kill(getpid(), signal.SIGKILL)

    threading.Thread(target=watch, daemon=True).start()


class Tampering(Exception):
    pass


def grade(api, request, loads):
    """The same steps as the Pyodide child (child.mjs), judged here in Python."""
    text, module_code, test_codes = api["prepare"](request["tests"], request.get("testModule", "test_task"))
    prepared = loads(text)
    if "error" in prepared:
        return {"stage": "harness-error", "message": prepared["error"], "tests": []}
    chosen = -1
    for i, candidate in enumerate(request.get("candidates") or []):
        if api["compiles"](candidate):
            chosen = i
            break
    source = request["candidates"][chosen] if chosen >= 0 else request["solution"]
    module_name = request.get("solutionModule", "solution")
    syntax, code = api["compile_solution"](source, module_name)
    if syntax is not None:
        return {"stage": "syntax-error", "message": syntax, "tests": [], "chosen": chosen}
    ns = api["test_namespace"](request.get("testModule", "test_task"))
    api["seal"]()
    intact = api["intact"]

    def check(namespace=None, before=None):
        found = intact(namespace, before)
        if found is not None:
            raise Tampering(found)

    raised = api["run"](code, api["new_module"](module_name))
    check()
    if raised is not None:
        return import_failure(loads(raised), "importing the code raised", chosen)
    raised = api["run"](module_code, ns)
    check()
    if raised is not None:
        return import_failure(loads(raised), "the tests could not import the code:", chosen)
    before = api["snapshot"](ns)
    tests = []
    for t, test_code in zip(prepared["tests"], test_codes):
        tests.append(run_test(api, loads, check, test_code, ns, before, t["name"], t["checks"]))
    check(ns, before)
    return {"stage": "ran", "message": "", "tests": tests, "chosen": chosen}


def import_failure(raised, what, chosen):
    if raised["unable"]:
        return {"stage": "declared-unable", "message": "NotImplementedError: " + raised["message"], "tests": [], "chosen": chosen}
    return {"stage": "import-error", "message": f"{what} {raised['type']}: {raised['message']}", "tests": [], "chosen": chosen}


def raised_outcome(name, raised):
    message = raised["type"] + ": " + raised["message"]
    return {"name": name, "outcome": "declared-unable" if raised["unable"] else "failed", "message": message}


def run_test(api, loads, check, code, ns, before, name, expected_checks):
    generator = api["start"](code, ns)
    if isinstance(generator, str):
        return raised_outcome(name, loads(generator)["raised"])
    checks = 0
    while True:
        step = loads(api["step"](generator))
        check(ns, before)
        if step.get("done"):
            break
        if "raised" in step:
            return raised_outcome(name, step["raised"])
        if "error" in step:
            return {"name": name, "outcome": "failed", "message": step["error"]}
        checks += 1
        values = [thaw(v) for v in step["values"]]
        ok, text = judge(step["op"], values)
        if not ok:
            return {"name": name, "outcome": "failed", "message": f"assertion failed at line {step['line']}: {text}"}
    if checks < expected_checks:
        return {"name": name, "outcome": "failed", "message": f"only {checks} of {expected_checks} assertions ran"}
    return {"name": name, "outcome": "passed", "message": ""}


class Opaque:
    """A value of a type that is not an exact builtin: it equals nothing, itself included."""

    def __init__(self, name):
        self.name = name


def thaw(v):
    """The harness's frozen JSON as tagged tuples (see child.mjs's thaw)."""
    if v is None or isinstance(v, (bool, str)):
        return v
    if "int" in v:
        return int(v["int"])
    if "float" in v:
        return float(v["float"])
    if "list" in v:
        return ("list", tuple(thaw(x) for x in v["list"]))
    if "tuple" in v:
        return ("tuple", tuple(thaw(x) for x in v["tuple"]))
    if "dict" in v:
        return ("dict", tuple((thaw(k), thaw(x)) for k, x in v["dict"]))
    if "set" in v:
        return ("set", tuple(thaw(x) for x in v["set"]))
    return Opaque(v.get("opaque", "object"))


def same(a, b):
    if isinstance(a, Opaque) or isinstance(b, Opaque):
        return False
    if type(a) is not type(b):
        return type(a) in (int, float) and type(b) in (int, float) and a == b
    if type(a) is tuple:
        if a[0] != b[0] or len(a[1]) != len(b[1]):
            return False
        if a[0] in ("list", "tuple"):
            return all(same(x, y) for x, y in zip(a[1], b[1]))
        if a[0] == "dict":
            return all(any(same(k, k2) and same(x, x2) for k2, x2 in b[1]) for k, x in a[1])
        return all(any(same(x, y) for y in b[1]) for x in a[1])
    return a == b  # nan never equals


def contains(a, b):
    if isinstance(b, str):
        return isinstance(a, str) and a in b
    if isinstance(b, tuple) and b[0] in ("list", "tuple", "set"):
        return any(same(a, x) for x in b[1])
    if isinstance(b, tuple) and b[0] == "dict":
        return any(same(a, k) for k, _ in b[1])
    return False


def judge(op, values):
    a = values[0]
    b = values[1] if len(values) > 1 else None
    if op == "eq":
        return same(a, b), f"{short(a)} == {short(b)}"
    if op == "ne":
        return not same(a, b), f"{short(a)} != {short(b)}"
    if op == "in":
        return contains(a, b), f"{short(a)} in {short(b)}"
    if op == "true":
        return a is True, f"expected True, got {short(a)}"
    if op == "false":
        return a is False, f"expected False, got {short(a)}"
    if op == "none":
        return a is None, f"expected None, got {short(a)}"
    if op == "notnone":
        return a is not None, "expected a value, got None"
    if op == "nottrue":
        return a is not True, "expected anything but True, got True"
    if op == "notfalse":
        return a is not False, "expected anything but False, got False"
    return False, f"unknown check {op}"


def short(v):
    if isinstance(v, Opaque):
        return "<" + v.name + " object>"
    if isinstance(v, tuple):
        inner = ", ".join(short(x) if v[0] != "dict" else f"{short(x[0])}: {short(x[1])}" for x in v[1])
        return {"list": f"[{inner}]", "tuple": f"({inner})", "dict": f"{{{inner}}}", "set": f"{{{inner}}}"}[v[0]][:200]
    return repr(v)[:200]


main()
