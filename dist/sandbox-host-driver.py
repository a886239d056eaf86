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
    for name, value in (("RLIMIT_AS", limit), ("RLIMIT_FSIZE", 16 << 20), ("RLIMIT_CORE", 0)):
        if hasattr(resource, name):
            resource.setrlimit(getattr(resource, name), (value, value))
    out = sys.stdout
    write = out.write
    dumps = json.dumps
    namespace = {}
    exec(compile(request["harness"], "harness.py", "exec"), namespace)
    api = namespace["__evalgate_harness"]()
    prepare, compiles, load_solution, load_tests, start, intact = (
        api["prepare"], api["compiles"], api["load_solution"], api["load_tests"], api["start"], api["intact"])
    captured = []

    class Capture:
        def write(self, text):
            if sum(len(c) for c in captured) < 16384:
                captured.append(str(text))
            return len(text)

        def flush(self):
            pass

    sys.stdout = sys.stderr = Capture()
    report = None
    prepared = json.loads(prepare(request["tests"], request.get("testModule", "test_task")))
    if "error" in prepared:
        report = {"stage": "harness-error", "message": prepared["error"], "tests": []}
    else:
        chosen = -1
        for i, candidate in enumerate(request.get("candidates") or []):
            if compiles(candidate):
                chosen = i
                break
        source = request["candidates"][chosen] if chosen >= 0 else request["solution"]
        stage, message = load_solution(source, request.get("solutionModule", "solution"))
        if stage != "ok":
            report = {"stage": stage, "message": message, "tests": [], "intact": intact(), "chosen": chosen}
        else:
            stage, message = load_tests()
            if stage != "ok":
                report = {"stage": stage, "message": message, "tests": [], "intact": intact(), "chosen": chosen}
            else:
                tests = [run_test(start, t["name"], t["checks"]) for t in prepared["tests"]]
                report = {"stage": "ran", "message": "", "tests": tests, "intact": intact(), "chosen": chosen}
    write(dumps({"nonce": nonce, "report": report, "output": "".join(captured)[:16384]}) + "\n")
    out.flush()


_exact = (int, float, bool, str, type(None), list, tuple, dict, set, frozenset)


def plain(value):
    """Exact builtin types only, recursively; anything else is opaque and equals nothing."""
    t = type(value)
    if t in (int, float, bool, str, type(None)):
        return (t.__name__, value)
    if t in (list, tuple):
        return (t.__name__, [plain(v) for v in value])
    if t is dict:
        return ("dict", {plain(k): plain(v) for k, v in value.items()} if all(type(k) in _exact for k in value) else object())
    if t in (set, frozenset):
        return (t.__name__, frozenset(plain(v) for v in value))
    return ("opaque", object())


def same(a, b):
    if a[0] != b[0]:
        return a[0] in ("int", "float") and b[0] in ("int", "float") and a[1] == b[1]
    if a[0] == "float":
        return a[1] == b[1]  # nan never equals
    if a[0] in ("list", "tuple"):
        return len(a[1]) == len(b[1]) and all(same(x, y) for x, y in zip(a[1], b[1]))
    return a[1] == b[1]


def run_test(start, name, expected_checks):
    checks = 0
    try:
        generator = start(name)
        for step in generator:
            op, line = step[0], step[1]
            a = plain(step[2])
            b = plain(step[3]) if len(step) > 3 else None
            checks += 1
            if op == "eq":
                ok = same(a, b)
            elif op == "ne":
                ok = not same(a, b)
            elif op == "true":
                ok = a == ("bool", True)
            elif op == "false":
                ok = a == ("bool", False)
            elif op == "none":
                ok = a[0] == "NoneType"
            elif op == "notnone":
                ok = a[0] != "NoneType"
            elif op == "nottrue":
                ok = a != ("bool", True)
            elif op == "notfalse":
                ok = a != ("bool", False)
            elif op == "in":
                ok = type(step[2]) in _exact and type(step[3]) in (list, tuple, dict, set, frozenset, str) and step[2] in step[3]
            else:
                ok = False
            if not ok:
                return {"name": name, "outcome": "failed", "message": f"assertion failed at line {line}: {explain(op, step)}"}
    except NotImplementedError as e:
        return {"name": name, "outcome": "declared-unable", "message": "NotImplementedError: " + str(e)[:500]}
    except BaseException as e:
        return {"name": name, "outcome": "failed", "message": type(e).__name__ + ": " + str(e)[:500]}
    if checks < expected_checks:
        return {"name": name, "outcome": "failed", "message": f"only {checks} of {expected_checks} assertions ran"}
    return {"name": name, "outcome": "passed", "message": ""}


def explain(op, step):
    a = short(step[2])
    b = short(step[3]) if len(step) > 3 else ""
    return {
        "eq": f"{a} == {b}", "ne": f"{a} != {b}", "in": f"{a} in {b}",
        "true": f"expected True, got {a}", "false": f"expected False, got {a}", "none": f"expected None, got {a}",
        "notnone": "expected a value, got None", "nottrue": "expected anything but True, got True",
        "notfalse": "expected anything but False, got False",
    }.get(op, f"unknown check {op}")


def short(value):
    try:
        text = repr(value) if type(value) in _exact else "<" + type(value).__name__ + " object>"
    except BaseException:
        text = "<unprintable>"
    return text[:200]


main()
