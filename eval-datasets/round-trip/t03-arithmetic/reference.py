def execute(a, b):
    return (a + b) * (a - b)
