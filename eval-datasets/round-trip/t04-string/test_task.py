from solution import execute


def test_example():
    assert execute("hello") == "OLLEH"


def test_mixed():
    assert execute("Ab c1") == "1C BA"


def test_empty():
    assert execute("") == ""
