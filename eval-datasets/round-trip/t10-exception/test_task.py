from solution import execute


def test_division():
    assert execute(6, 3) == 2.0
    assert type(execute(6, 3)) is float
    assert execute(1, 4) == 0.25


def test_division_by_zero():
    assert execute(1, 0) == "error: division by zero"
