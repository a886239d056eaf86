from solution import execute


def test_example():
    assert execute([("Bo", 30), ("Al", 25), ("Cy", 30)]) == ["Al", "Bo", "Cy"]


def test_ties_by_name():
    assert execute([("Zed", 40), ("Amy", 40), ("Kim", 18)]) == ["Kim", "Amy", "Zed"]


def test_empty():
    assert execute([]) == []
