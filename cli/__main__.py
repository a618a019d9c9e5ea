from cli.app import main

if __name__ == "__main__":  # not in a worker process started by spawn (the page's judges)
    main()
