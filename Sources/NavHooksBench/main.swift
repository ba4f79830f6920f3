print("navhooks-bench: not built yet")
