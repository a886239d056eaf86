from solution import execute


def test_returns_42():
    assert execute() == 42


def test_is_an_int():
    assert type(execute()) is int
