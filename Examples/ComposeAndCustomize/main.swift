print("ComposeAndCustomize: not built yet")
