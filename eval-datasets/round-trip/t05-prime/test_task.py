from solution import execute


def test_small_numbers():
    assert execute(0) is False
    assert execute(1) is False
    assert execute(2) is True
    assert execute(3) is True


def test_composites():
    assert execute(9) is False
    assert execute(91) is False


def test_larger_prime():
    assert execute(97) is True
    assert execute(7919) is True
