from solution import execute


def test_squares():
    assert execute() == [1, 4, 9, 16, 25]


def test_is_a_list():
    assert type(execute()) is list
