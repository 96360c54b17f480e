"""Play across laptops: the host's server, the guest's client, the messages, discovery."""
