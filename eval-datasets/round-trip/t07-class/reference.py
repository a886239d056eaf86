class Counter:
    def __init__(self):
        self.value = 0

    def increment(self, step=1):
        self.value += step
        return self.value


def execute():
    counter = Counter()
    for _ in range(3):
        counter.increment()
    return counter.increment(5)
