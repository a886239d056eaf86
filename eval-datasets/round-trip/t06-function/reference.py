def greet(name, greeting="Hello"):
    return f"{greeting}, {name}!"
