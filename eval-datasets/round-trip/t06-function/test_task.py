from solution import greet


def test_default_greeting():
    assert greet("Ana") == "Hello, Ana!"


def test_given_greeting():
    assert greet("Li", "Hi") == "Hi, Li!"
    assert greet(name="Bo", greeting="Hey") == "Hey, Bo!"
