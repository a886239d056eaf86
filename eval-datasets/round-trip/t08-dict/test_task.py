from solution import execute


def test_counts():
    assert execute(["a", "b", "a"]) == {"a": 2, "b": 1}


def test_empty():
    assert execute([]) == {}


def test_is_a_plain_dict():
    assert type(execute(["x"])) is dict
