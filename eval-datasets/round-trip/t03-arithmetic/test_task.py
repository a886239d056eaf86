from solution import execute


def test_example():
    assert execute(7, 3) == 40


def test_negative_result():
    assert execute(2, 5) == -21


def test_zero():
    assert execute(0, 0) == 0
    assert type(execute(4, 1)) is int
