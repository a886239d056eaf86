# evalgate's trusted test harness, defined inside the sandbox child before any model code.
#
# What grading relies on never lives where model code can reach it. The child's JavaScript
# holds the compiled tests (code objects), the expected number of checks and the functions
# below as proxies taken before any model code exists; it imports the model's module and
# rebuilds each test function from its held code object itself, so no Python object that
# a frame, a closure, a module, `gc` or `sys.modules` could lead to carries the tests.
# Each test's asserts are rewritten into `yield`s of their operands, and the JavaScript,
# not Python, decides whether a check passed.
#
# Before the model's code runs, `seal()` installs an audit hook (it cannot be removed from
# Python) that refuses every way to a frame (`sys._getframe`, `sys._current_frames`, a
# traceback's `tb_frame`, a generator's or coroutine's frame), to the heap (`gc`), to
# tracing (`settrace`, `setprofile`, `sys.monitoring`), to raw memory (`ctypes`, the
# `_test*` C modules) and to rewriting a function's code or defaults. Refusal is enforced
# on the event, not by deleting attributes, so re-importing `gc`, `sys` or `importlib` does
# not bring anything back; creating a blocked built-in module through `_imp` is refused
# too. Every refusal is recorded; JavaScript reads the record and fails the case as
# tampering.
#
# Every function here binds the builtins it uses when the factory runs, so replacing a
# builtin later changes nothing they do.
def __evalgate_harness():
    import _imp
    import _json
    import ast
    import builtins
    import json
    import sys
    import types
    import base64
    import marshal

    _type = type
    _str = str
    _str_copy = str.__str__  # an exact str from any str, without the value's own methods
    _int = int
    _float = float
    _bool = bool
    _none_type = type(None)
    _list = list
    _tuple = tuple
    _dict = dict
    _set = set
    _frozenset = frozenset
    _len = len
    _repr_float = float.__repr__
    _repr_int = int.__repr__
    _issubclass = issubclass
    _BaseException = BaseException
    _NotImplementedError = NotImplementedError
    _RuntimeError = RuntimeError
    _StopIteration = StopIteration
    _ModuleType = types.ModuleType
    _FunctionType = types.FunctionType
    _send = types.GeneratorType.send
    _exec = exec
    _compile = compile
    _dumps = json.dumps  # before seal() only: json's Python code reads its module's globals
    _quote = _json.encode_basestring_ascii  # C: a str as a JSON string, whatever is patched
    _modules = sys.modules
    _builtins_dict = builtins.__dict__
    _Namespace = types.SimpleNamespace
    _create_builtin = _imp.create_builtin
    _get_frozen_object = _imp.get_frozen_object
    _dict_get = dict.get
    _dict_items = dict.items
    _ModuleNotFoundError = ModuleNotFoundError
    _callable = callable
    _TypeError = TypeError
    _loads_marshal = marshal.loads  # before seal() only: refused after it
    _b64decode = base64.b64decode
    _b64encode = base64.b64encode
    _marshal_dumps = marshal.dumps
    _json_scanner = _json.make_scanner(json.JSONDecoder())  # C: reads JSON whatever is patched

    # Events refused for model code. Those of sys.monitoring and ctypes go by prefix.
    BLOCKED_EVENTS = frozenset({
        "sys._getframe", "sys._current_frames", "sys._current_exceptions",
        "sys.settrace", "sys.setprofile", "sys._settraceallthreads", "sys._setprofileallthreads",
        "gc.get_objects", "gc.get_referrers", "gc.get_referents", "gc.freeze",
        "sys.addaudithook", "cpython.PyInterpreterState_Clear", "cpython._PySys_ClearAuditHooks",
        "sys.remote_exec", "sys._enablelegacywindowsfsencoding",
        # Hand-made bytecode can read and write the interpreter's memory; compile() makes
        # only sound bytecode, and the standard library ships as source.
        "code.__new__", "marshal.loads", "marshal.load",
    })
    BLOCKED_PREFIXES = ("ctypes.", "sys.monitoring.")
    # Attributes that hand out a frame, and function attributes that change what runs.
    BLOCKED_GET = frozenset({"tb_frame", "gi_frame", "cr_frame", "ag_frame"})
    BLOCKED_SET = frozenset({"__code__", "__defaults__", "__kwdefaults__", "__globals__", "__closure__", "__builtins__"})
    # Modules that reach frames, the heap or raw memory; importing them is refused.
    BLOCKED_MODULES = frozenset({
        "gc", "ctypes", "_ctypes", "_testcapi", "_testinternalcapi", "_testlimitedcapi", "_testbuffer",
        "_testclinic", "_testclinic_limited", "_testmultiphase", "_testsinglephase", "_testimportmultiple",
        "_testexternalinspection", "_remote_debugging", "_xxtestfuzz", "_interpreters", "_xxsubinterpreters",
        "tracemalloc", "_tracemalloc",
    })

    # The Python-JavaScript bridge of Pyodide: after cut_bridge() none of it is in
    # sys.modules, and importing any of it fails as if it did not exist.
    BRIDGE_MODULES = frozenset({"js", "pyodide_js", "pyodide", "_pyodide", "_pyodide_core", "micropip", "pyodide_http"})

    sealed = [False]
    refusals = []  # what model code tried, in order; read by JavaScript

    class Refused(_RuntimeError):
        """What a refused operation raises in model code."""

    def refuse(what):
        if _len(refusals) < 20:
            refusals.append(what)
        raise Refused("evalgate: " + what + " is not allowed in the sandbox")

    def module_root(name):
        name = _str_copy(name)
        return name.partition(".")[0]

    def hook(event, args):
        if not sealed[0]:
            return
        if event in BLOCKED_EVENTS or event.startswith(BLOCKED_PREFIXES):
            refuse(event)
        elif event == "object.__getattr__":
            if _type(args[1]) is _str and args[1] in BLOCKED_GET:
                refuse("reading ." + args[1])
        elif event in ("object.__setattr__", "object.__delattr__"):
            if _type(args[1]) is _str and args[1] in BLOCKED_SET:
                refuse("changing a function's " + args[1])
        elif event == "import":
            root = module_root(args[0])
            if root in BRIDGE_MODULES:
                raise _ModuleNotFoundError("No module named " + _quote(_str_copy(args[0])))
            if root in BLOCKED_MODULES:
                refuse("import " + _str_copy(args[0]))

    def create_builtin(spec):
        # Read the name once, as an exact str, and hand _imp a spec of our own: a spec whose
        # name changes between reads cannot pass one name to the check and another to _imp.
        # SimpleNamespace is a C type, so model code cannot patch how it keeps the name
        # (importlib's ModuleSpec is a Python class it could).
        name = _str_copy(spec.name)
        if module_root(name) in BRIDGE_MODULES:
            raise _ModuleNotFoundError("No module named " + _quote(name))
        if sealed[0] and module_root(name) in BLOCKED_MODULES:
            refuse("import " + name)
        return _create_builtin(_Namespace(name=name, origin="built-in"))

    def get_frozen_object(name, data=None):
        # With `data`, _imp unmarshals bytes of the caller's choosing, bypassing the
        # marshal.loads event.
        if sealed[0] and data is not None:
            refuse("_imp.get_frozen_object with data")
        return _get_frozen_object(name) if data is None else _get_frozen_object(name, data)

    class Rewriter(ast.NodeTransformer):
        """Turns `assert` statements of test functions into yields of (op, line, a, b)."""

        def check(self, op, line, *values):
            return ast.Expr(value=ast.Yield(value=ast.Tuple(elts=[ast.Constant(op), ast.Constant(line), *values], ctx=ast.Load())))

        def visit_Assert(self, node):
            t = node.test
            line = node.lineno
            if isinstance(t, ast.Compare) and len(t.ops) == 1:
                op, left, right = t.ops[0], t.left, t.comparators[0]
                if isinstance(op, ast.Eq):
                    return self.check("eq", line, left, right)
                if isinstance(op, ast.NotEq):
                    return self.check("ne", line, left, right)
                if isinstance(op, ast.In):
                    return self.check("in", line, left, right)
                if isinstance(op, (ast.Is, ast.IsNot)) and isinstance(right, ast.Constant) and right.value in (None, True, False) and type(right.value) in (type(None), bool):
                    name = {None: "none", True: "true", False: "false"}[right.value]
                    return self.check(name if isinstance(op, ast.Is) else "not" + name, line, left)
            if isinstance(t, ast.UnaryOp) and isinstance(t.op, ast.Not):
                return self.check("false", line, t.operand)
            return self.check("true", line, t)

        def visit_FunctionDef(self, node):
            return node  # asserts of nested helpers are left as they are

    def prepare(source, module_name):
        """
        Parses and rewrites the tests, before any model code exists. Returns (json, module
        code, test code objects in order); JavaScript keeps the code objects.
        """
        try:
            tree = ast.parse(source, filename=module_name + ".py")
        except SyntaxError as e:
            return (_dumps({"error": f"the task's tests do not parse: line {e.lineno}: {e.msg}"}), None, [])
        tests = []
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                checks = sum(1 for s in node.body if isinstance(s, ast.Assert))
                rewriter = Rewriter()
                node.body = [rewriter.visit(s) if isinstance(s, ast.Assert) else s for s in node.body]
                node.body = [(ast.fix_missing_locations(s) if isinstance(s, ast.AST) else s) for s in node.body]
                node.body.extend(ast.parse("if False:\n    yield None").body)  # always a generator
                ast.fix_missing_locations(node)
                tests.append({"name": node.name, "checks": checks})
        code = _compile(tree, module_name + ".py", "exec")
        by_name = {c.co_name: c for c in code.co_consts if isinstance(c, types.CodeType)}
        return (_dumps({"tests": tests}), code, [by_name[t["name"]] for t in tests])

    def compiles(source):
        """Whether a candidate reading of the reply compiles; nothing of it runs."""
        try:
            _compile(source, "solution.py", "exec")
            return True
        except BaseException:
            return False

    def compile_solution(source, module_name):
        """(None, code) or (message, None); compiling runs nothing."""
        try:
            return (None, _compile(source, module_name + ".py", "exec"))
        except (SyntaxError, ValueError) as e:
            line = getattr(e, "lineno", None)
            return (f"line {line}: {getattr(e, 'msg', str(e))}", None)

    # What the tests see: a copy of the builtins taken now, so replacing a builtin later
    # (builtins.len = …) changes nothing in a test; and the sealed record of the real ones.
    test_builtins = _dict(_builtins_dict)
    builtins_before = _dict(_builtins_dict)
    test_builtins_before = _dict(test_builtins)

    def scrub():
        """
        Removes loaded modules' references to blocked ones (pyodide._state holds gc). Run
        once while the child waits in the pool, before any model code: it reads every
        module's globals, too slow for each case.
        """
        for module in _tuple(_modules.values()):
            namespace = getattr(module, "__dict__", None)
            if _type(namespace) is not _dict:
                continue
            for key, value in _tuple(namespace.items()):
                if _type(value) is _ModuleType and module_root(getattr(value, "__name__", "")) in BLOCKED_MODULES:
                    del namespace[key]

    def seal():
        """Installs the hook and removes what model code must not find; runs just before it."""
        for name in _tuple(_modules):
            if module_root(name) in BLOCKED_MODULES:
                del _modules[name]
        _imp.create_builtin = create_builtin
        _imp.get_frozen_object = get_frozen_object
        for name in ("settrace", "setprofile"):
            if hasattr(sys, name):
                delattr(sys, name)
        sys.addaudithook(hook)
        sealed[0] = True

    def new_module(module_name):
        """The model's module: fresh, registered under the name the tests import."""
        module = _ModuleType(module_name)
        module.__file__ = module_name + ".py"
        _modules[module_name] = module
        return module.__dict__

    def test_namespace(module_name):
        """The tests' globals, with the builtins copy taken before any model code."""
        return {"__name__": module_name, "__builtins__": test_builtins}

    def cut_bridge():
        """
        Cuts Python off from JavaScript, before any model code: every module of Pyodide's
        bridge leaves sys.modules (importing it again fails once sealed), its import hook
        leaves sys.meta_path, asyncio forgets Pyodide's event loop, every loaded module
        forgets what it imported from the bridge, the bridge modules' own globals are
        emptied (so a function of theirs that stays reachable through a class reaches
        nothing), and the bridge's classes stop making objects. The child's JavaScript
        also refuses to hand any JavaScript object to Python from then on; this is the
        Python half. Returns what could not be done, for the child to report.
        """
        def of_bridge(value):
            """A module, class, function or proxy of the bridge (a JsProxy's type is one of its classes)."""
            kind = getattr(_type(value), "__module__", "")
            if _type(kind) is _str and module_root(kind) in BRIDGE_MODULES:
                return True
            try:
                if _type(value) is _ModuleType:
                    return module_root(getattr(value, "__name__", "")) in BRIDGE_MODULES
                mod = getattr(value, "__module__", None) if isinstance(value, type) or callable(value) else None
                if _type(mod) is _str and module_root(mod) in BRIDGE_MODULES:
                    return True
                owner = getattr(value, "__self__", None)
                return _type(owner) is _ModuleType and module_root(getattr(owner, "__name__", "")) in BRIDGE_MODULES
            except _BaseException:
                return False

        problems = []
        # Pyodide replaces time.sleep with a wrapper of its event loop (it carries the
        # original's name and module, so the scan below keeps it, with its globals emptied):
        # honest code that sleeps would fail with a NameError. The original is the C
        # function; in wasm it waits by computing, so its time counts as CPU time.
        webloop = _modules.get("pyodide.webloop")
        time_module = _modules.get("time")
        if webloop is not None and time_module is not None:
            original = getattr(webloop, "__dict__", {}).get("_orig_sleep")
            if _type(original) is _type(len) and getattr(original, "__module__", None) == "time":
                time_module.sleep = original
        del webloop, time_module
        bridge = [m for n, m in _tuple(_modules.items()) if module_root(n) in BRIDGE_MODULES]
        # What other modules can hold of the bridge is what the bridge's modules hold (an
        # import binds the same object), its modules and the types of its proxies: a set
        # of ids makes the scan of every loaded module's globals cheap.
        held = {id(m) for m in bridge}
        for module in bridge:
            namespace = getattr(module, "__dict__", None)
            if _type(namespace) is not _dict:
                continue
            for value in namespace.values():
                if of_bridge(value):  # not what the bridge itself took from elsewhere (len, sys …)
                    held.add(id(value))
                if _type(value) is _dict:  # _pyodide_core.jsproxy_typedict
                    held.update(id(v) for v in value.values() if of_bridge(v))
        for name in _tuple(_modules):
            if module_root(name) in BRIDGE_MODULES:
                del _modules[name]
        sys.meta_path[:] = [f for f in sys.meta_path if not of_bridge(f)]
        sys.path_hooks[:] = [h for h in sys.path_hooks if not of_bridge(h)]
        for key, finder in _tuple(sys.path_importer_cache.items()):
            if of_bridge(finder) or "/_pyodide" in _str(key) or "/pyodide" in _str(key):
                del sys.path_importer_cache[key]
        events = _modules.get("asyncio.events")
        if events is not None:
            events._event_loop_policy = None
        for module in _tuple(_modules.values()):
            namespace = getattr(module, "__dict__", None)
            if _type(namespace) is not _dict:
                continue
            for key, value in _tuple(namespace.items()):
                if id(value) in held or id(_type(value)) in held:
                    del namespace[key]
        for hook_name in ("excepthook", "displayhook", "breakpointhook", "unraisablehook"):
            if of_bridge(getattr(sys, hook_name, None)):
                setattr(sys, hook_name, getattr(sys, "__" + hook_name + "__"))
        for module in bridge:
            try:
                module.__dict__.clear()
            except _BaseException:
                problems.append("the globals of " + _str(getattr(module, "__name__", "?")))

        def refuse_new(cls, *args, **kwargs):
            raise _TypeError("evalgate: Pyodide's bridge is not available in the sandbox")

        seen = set()
        stack = [object]
        while stack:
            for sub in type.__subclasses__(stack.pop()):
                if id(sub) in seen:
                    continue
                seen.add(id(sub))
                stack.append(sub)
                if of_bridge(sub):
                    try:
                        type.__setattr__(sub, "__new__", staticmethod(refuse_new))
                        type.__setattr__(sub, "__init_subclass__", classmethod(refuse_new))
                    except _BaseException:
                        problems.append("the class " + _str(getattr(sub, "__qualname__", "?")))
        # No collection: what only garbage still holds is out of reach (gc is refused once
        # sealed), and a class still listed below object was made to refuse above.
        del bridge, held
        return "; ".join(problems) if problems else None

    TYPE_NAMES = frozenset({"int", "float", "str", "bool", "list", "tuple", "dict"})

    def literal(node):
        """A literal expression (numbers, strings, None, booleans and containers of them) as frozen JSON, or None."""
        def plain(n):
            if isinstance(n, ast.Constant):
                return _type(n.value) in (_str, _int, _float, _bool, _none_type)
            if isinstance(n, ast.UnaryOp) and isinstance(n.op, (ast.USub, ast.UAdd)):
                return isinstance(n.operand, ast.Constant) and _type(n.operand.value) in (_int, _float)
            if isinstance(n, (ast.List, ast.Tuple, ast.Set)):
                return all(plain(e) for e in n.elts)
            if isinstance(n, ast.Dict):
                return all(k is not None and plain(k) for k in n.keys) and all(plain(v) for v in n.values)
            return False
        if not plain(node):
            return None
        try:
            return json.loads(freeze(ast.literal_eval(node), 0))
        except _BaseException:
            return None

    def plan(source, module_name):
        """
        For the trusted preparer, which never runs model code: the tests' plan as JSON.
        Every top-level assert of a test function becomes check k, which the test the
        child runs replaces with `yield (k, <operands>)`; an operand that is a literal
        (`== 42`, `is None`, `type(x) is int`) stays in the plan and is left out of the
        child's code, so the expected values never enter the process that runs model code.
        """
        try:
            tree = ast.parse(source, filename=module_name + ".py")
        except SyntaxError as e:
            return _dumps({"error": f"the task's tests do not parse: line {e.lineno}: {e.msg}"})
        tests = []

        def check_for(node, k, checks):
            t = node.test
            line = node.lineno
            def make(op, operands, **extra):
                slots, yielded = [], []
                for n in operands:
                    lit = literal(n)
                    if lit is None and not (isinstance(n, ast.Constant) and n.value is None):
                        slots.append({"child": True})
                        yielded.append(n)
                    else:
                        slots.append({"lit": lit})
                checks.append({"op": op, "line": line, "slots": slots, **extra})
                return ast.Expr(value=ast.Yield(value=ast.Tuple(elts=[ast.Constant(k), *yielded], ctx=ast.Load())))
            if isinstance(t, ast.Compare) and len(t.ops) == 1:
                op, left, right = t.ops[0], t.left, t.comparators[0]
                simple = {ast.Eq: "eq", ast.NotEq: "ne", ast.In: "in", ast.NotIn: "notin"}
                for kind, name in simple.items():
                    if isinstance(op, kind):
                        return make(name, [left, right])
                if isinstance(op, (ast.Is, ast.IsNot)):
                    if isinstance(right, ast.Constant) and _type(right.value) in (_none_type, _bool):
                        name = {None: "none", True: "true", False: "false"}[right.value]
                        return make(name if isinstance(op, ast.Is) else "not" + name, [left])
                    if (isinstance(left, ast.Call) and isinstance(left.func, ast.Name) and left.func.id == "type"
                            and len(left.args) == 1 and not left.keywords
                            and isinstance(right, ast.Name) and right.id in TYPE_NAMES):
                        return make("type" if isinstance(op, ast.Is) else "nottype", [left.args[0]], typeName=right.id)
            if isinstance(t, ast.UnaryOp) and isinstance(t.op, ast.Not):
                return make("false", [t.operand])
            return make("true", [t])

        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                checks = []
                body = []
                for s in node.body:
                    body.append(ast.fix_missing_locations(ast.copy_location(check_for(s, len(checks), checks), s)) if isinstance(s, ast.Assert) else s)
                node.body = body
                node.body.extend(ast.parse("if False:\n    yield None").body)  # always a generator
                ast.fix_missing_locations(node)
                tests.append({"name": node.name, "checks": checks})
        try:
            code = _compile(tree, module_name + ".py", "exec")
        except (SyntaxError, ValueError) as e:
            return _dumps({"error": f"the task's tests do not compile: {e}"})
        by_name = {c.co_name: c for c in code.co_consts if isinstance(c, types.CodeType)}
        packed = _marshal_dumps((code, _tuple(by_name[t["name"]] for t in tests)))
        return _dumps({"tests": tests, "code": _b64encode(packed).decode("ascii")})

    def choose(candidates_json, fallback, module_name):
        """
        For the preparer: which reading of the reply runs — the first candidate that
        compiles (compiling runs nothing), else the fallback — as JSON with the chosen
        index, or the fallback's syntax error.
        """
        candidates, _end = _json_scanner(candidates_json, 0)
        for i, candidate in enumerate(candidates):
            if _type(candidate) is _str and compiles(candidate):
                return _dumps({"chosen": i})
        syntax, _code = compile_solution(fallback, module_name)
        return _dumps({"chosen": -1, "syntax": syntax})

    def load_plan(packed):
        """The child's tests, from the preparer's plan (before seal(): marshal is refused after it)."""
        code, tests = _loads_marshal(_b64decode(packed))
        if _type(code) is not types.CodeType or _type(tests) is not _tuple:
            raise _TypeError("a plan that is not code")
        return (code, tests)

    # From here on, functions run after model code: they use only what the factory bound,
    # build JSON with the C encoder, and never raise (an exception reaching JavaScript would
    # be formatted by Python code that reads frames).

    def run(code, namespace):
        """Executes a module's code: None, or JSON describing what it raised."""
        try:
            _exec(code, namespace)
        except _BaseException as e:
            return describe(e)
        return None

    def describe(e):
        """An exception as JSON. Its type decides; its text is shown, never trusted."""
        kind = _type(e)
        try:
            name = _str_copy(kind.__name__)
        except _BaseException:
            name = "an exception"
        try:
            text = _str_copy(_str(e))[:500]
        except _BaseException:
            text = "(an exception that cannot be shown)"
        try:
            unable = _issubclass(kind, _NotImplementedError)
        except _BaseException:
            unable = False
        return '{"type":' + _quote(name) + ',"message":' + _quote(text) + ',"unable":' + ("true" if unable else "false") + "}"

    def error(message):
        return '{"error":' + _quote(message) + "}"

    def start(code, namespace):
        """A test function rebuilt from its held code object and started: a generator, or JSON."""
        try:
            return _FunctionType(code, namespace)()
        except _BaseException as e:
            return '{"raised":' + describe(e) + "}"

    def step(generator):
        """Runs a test to its next check; returns it as JSON of exact values only."""
        try:
            check = _send(generator, None)
        except _StopIteration:
            return '{"done":true}'
        except _BaseException as e:
            return '{"raised":' + describe(e) + "}"
        try:
            if _type(check) is not _tuple or _len(check) < 3:
                return error("a test yielded something that is not a check")
            op, line = check[0], check[1]
            if _type(op) is not _str or _type(line) is not _int:
                return error("a test yielded something that is not a check")
            values = [freeze(check[2], 0)]
            if _len(check) > 3:
                values.append(freeze(check[3], 0))
            return '{"op":' + _quote(op) + ',"line":' + _repr_int(line) + ',"values":[' + ",".join(values) + "]}"
        except _BaseException:
            return error("a checked value could not be read")

    MAX_CHECK_JSON = 512 * 1024

    def next_check(generator):
        """
        Runs a planned test to its next check: "s" + {"k":k,"values":[...]} (the operands
        the child computes, frozen), or "e" + how the test ended: {"done":true},
        {"raised":...}, or {"error":...}. The child passes these through; the parent judges.
        """
        try:
            check = _send(generator, None)
        except _StopIteration:
            return 'e{"done":true}'
        except _BaseException as e:
            return 'e{"raised":' + describe(e) + "}"
        try:
            if _type(check) is not _tuple or _len(check) < 1 or _type(check[0]) is not _int:
                return 'e' + error("a test yielded something that is not a check")
            values = ",".join([freeze(v, 0) for v in check[1:]])
            if _len(values) > MAX_CHECK_JSON:
                return 'e' + error("a checked value is too large to compare")
            return 's{"k":' + _repr_int(check[0]) + ',"values":[' + values + "]}"
        except _BaseException:
            return 'e' + error("a checked value could not be read")

    def call_check(function, output, pairs_json):
        """
        Calls a python check on one reply: {"value": frozen result} or {"raised": ...}.
        `pairs_json` is the case's variables as a JSON list of [name, value] strings, read
        with the C decoder.
        """
        try:
            pairs, _end = _json_scanner(pairs_json, 0)
            variables = {}
            for pair in pairs:
                variables[_str_copy(pair[0])] = _str_copy(pair[1])
            result = function(_str_copy(output), variables)
        except _BaseException as e:
            return '{"raised":' + describe(e) + "}"
        try:
            return '{"value":' + freeze(result, 0) + "}"
        except _BaseException:
            return error("the check's result could not be read")

    def unchanged(namespace, before):
        """Whether a module's globals still bind the same names to the same objects."""
        try:
            return same_dict(namespace, before)
        except _BaseException:
            return False

    def expose_for_tests(value):
        """Test seam only (the runner's exposeJavaScriptForTests): hands model code a JavaScript object."""
        module = _ModuleType("evalgate_test_js")
        module.globalThis = value
        _modules["evalgate_test_js"] = module

    def get_function(namespace, name):
        """A module-level function of the check module, or None."""
        value = _dict_get(namespace, name, None)
        return value if _callable(value) else None

    def freeze(value, depth):
        """
        A value as JSON of exact builtin types, read only through C methods of those types:
        no method of the model's runs. Anything else is an opaque marker that equals
        nothing — a subclass of list named `list`, an object with its own __eq__.
        """
        t = _type(value)
        if value is None:
            return "null"
        if t is _bool:
            return "true" if value else "false"
        if t is _str:
            return _quote(value)
        if t is _int:
            try:
                return '{"int":"' + _repr_int(value) + '"}'
            except _BaseException:
                return '{"opaque":"int too large to show"}'
        if t is _float:
            return '{"float":"' + _repr_float(value) + '"}'
        if depth > 50:
            return '{"opaque":"nesting too deep"}'
        if t is _list or t is _tuple:
            return '{"' + ("list" if t is _list else "tuple") + '":[' + ",".join([freeze(x, depth + 1) for x in value]) + "]}"
        if t is _dict:
            return '{"dict":[' + ",".join(["[" + freeze(k, depth + 1) + "," + freeze(v, depth + 1) + "]" for k, v in _dict_items(value)]) + "]}"
        if t is _set or t is _frozenset:
            return '{"set":[' + ",".join([freeze(x, depth + 1) for x in value]) + "]}"
        try:
            name = _str_copy(t.__name__)
        except _BaseException:
            name = "object"
        return '{"opaque":' + _quote(name) + "}"

    missing = object()

    def same_dict(now, before):
        """Whether a dict still maps exactly the same str keys to the same objects."""
        if _type(now) is not _dict or _len(now) != _len(before):
            return False
        for k in now:
            if _type(k) is not _str:
                return False
        for k, v in _dict_items(before):
            if _dict_get(now, k, missing) is not v:
                return False
        return True

    def snapshot(namespace):
        """The tests' globals as they are after the test module ran, for later comparison."""
        return _dict(namespace)

    def intact(namespace=None, namespace_before=None):
        """None, or what model code changed or tried that grading must not trust."""
        try:
            if refusals:
                return "the code tried " + refusals[0] + ", which the sandbox refuses"
            if not same_dict(_builtins_dict, builtins_before):
                return "the code replaced Python builtins"
            if not same_dict(test_builtins, test_builtins_before):
                return "the code changed the builtins the tests use"
            if namespace is not None and not same_dict(namespace, namespace_before):
                return "the code changed the tests' globals"
            return None
        except _BaseException:
            return "the harness's state could not be checked"

    return {
        "prepare": prepare, "compiles": compiles, "compile_solution": compile_solution, "scrub": scrub, "seal": seal,
        "new_module": new_module, "test_namespace": test_namespace, "run": run, "start": start, "step": step,
        "snapshot": snapshot, "intact": intact, "cut_bridge": cut_bridge, "plan": plan, "choose": choose,
        "load_plan": load_plan, "next_check": next_check, "call_check": call_check, "get_function": get_function,
        "unchanged": unchanged, "expose_for_tests": expose_for_tests,
    }
