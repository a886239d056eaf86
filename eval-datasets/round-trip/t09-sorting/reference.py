def execute(people):
    return [name for name, age in sorted(people, key=lambda p: (p[1], p[0]))]
