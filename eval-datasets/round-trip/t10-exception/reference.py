def execute(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        return "error: division by zero"
