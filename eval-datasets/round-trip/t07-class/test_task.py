from solution import Counter, execute


def test_counter_steps():
    counter = Counter()
    assert counter.increment() == 1
    assert counter.increment(5) == 6


def test_counters_are_independent():
    first = Counter()
    first.increment(2)
    assert Counter().increment() == 1


def test_execute():
    assert execute() == 8
