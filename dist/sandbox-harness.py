# evalgate's trusted test harness, run inside the sandbox child before any model code.
# It rewrites each test function's asserts into `yield` of their operands, so the child's
# JavaScript (not Python) decides whether a check passed; model code can change anything
# in this interpreter, but not what JavaScript already received or how it compares.
def __evalgate_harness():
    import ast
    import builtins
    import gc
    import json
    import sys
    import types

    dumps = json.dumps
    _type = type
    _str = str
    # After model code runs, results leave as plain tuples (converted by Pyodide's C code),
    # never through Python-level helpers the code could have replaced.
    state = {"test_code": None, "test_module": "test_task", "codes": {}, "ns": None, "builtins": None}

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
        """Parses and rewrites the tests; no model code exists yet."""
        try:
            tree = ast.parse(source, filename=module_name + ".py")
        except SyntaxError as e:
            return dumps({"error": f"the task's tests do not parse: line {e.lineno}: {e.msg}"})
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
        code = compile(tree, module_name + ".py", "exec")
        state["test_code"] = code
        state["test_module"] = module_name
        state["codes"] = {c.co_name: c for c in code.co_consts if isinstance(c, types.CodeType)}
        return dumps({"tests": tests})

    def close_instrumentation():
        # No tracing or profiling hooks and no heap walking for model code.
        for name in ("settrace", "setprofile", "monitoring"):
            if hasattr(sys, name):
                delattr(sys, name)
        for name in ("get_objects", "get_referrers", "get_referents"):
            if hasattr(gc, name):
                delattr(gc, name)

    def load_solution(source, module_name):
        try:
            code = compile(source, module_name + ".py", "exec")
        except (SyntaxError, ValueError) as e:
            line = getattr(e, "lineno", None)
            return ("syntax-error", f"line {line}: {getattr(e, 'msg', str(e))}")
        module = types.ModuleType(module_name)
        module.__file__ = module_name + ".py"
        sys.modules[module_name] = module
        close_instrumentation()
        state["builtins"] = dict(builtins.__dict__)
        try:
            exec(code, module.__dict__)
        except NotImplementedError as e:
            return ("declared-unable", "NotImplementedError: " + _describe(e))
        except BaseException as e:
            return ("import-error", "importing the code raised " + _type(e).__name__ + ": " + _describe(e))
        return ("ok", "")

    def compiles(source):
        """Whether a candidate reading of the reply compiles; nothing of it runs."""
        try:
            compile(source, "solution.py", "exec")
            return True
        except BaseException:
            return False

    def _describe(e):
        try:
            return _str(e)[:500]
        except BaseException:
            return "(an exception that cannot be shown)"

    def load_tests():
        ns = {"__name__": state["test_module"]}
        try:
            exec(state["test_code"], ns)
        except NotImplementedError as e:
            return ("declared-unable", "NotImplementedError: " + _describe(e))
        except BaseException as e:
            return ("import-error", "the tests could not import the code: " + _type(e).__name__ + ": " + _describe(e))
        state["ns"] = ns
        return ("ok", "")

    def start(name):
        fn = state["ns"][name]
        generator = fn()
        # The function must still be the one compiled from the task's tests.
        if generator.gi_code is not state["codes"].get(name):
            raise RuntimeError("the test function was replaced")
        return generator

    def intact():
        """Whether the builtins are the ones present before the model's code ran."""
        now = builtins.__dict__
        before = state["builtins"]
        if before is None:
            return True
        for k, v in before.items():
            if now.get(k) is not v:
                return False
        return True

    return {"prepare": prepare, "compiles": compiles, "load_solution": load_solution, "load_tests": load_tests, "start": start, "intact": intact}
