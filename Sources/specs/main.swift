print("specs")
