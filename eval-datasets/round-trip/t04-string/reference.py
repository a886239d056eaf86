def execute(text):
    return text[::-1].upper()
