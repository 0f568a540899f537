#!/usr/bin/env python3
"""A TCP relay on loopback for the deployment drill: `silent-relay.py PORT TARGET_PORT FLAG`
passes every connection on 127.0.0.1:PORT through to 127.0.0.1:TARGET_PORT until the file FLAG
exists; from then on it goes silent, as a replica whose network died: connections in flight stop
being relayed and new ones are accepted and never answered (nothing is refused, nothing closes).
"""

import os
import socket
import sys
import threading

PORT, TARGET, FLAG = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
forever = threading.Event()


def silent():
    return os.path.exists(FLAG)


def pipe(source, sink):
    try:
        while True:
            data = source.recv(65536)
            if silent():
                forever.wait()
            if not data:
                break
            sink.sendall(data)
    except OSError:
        pass
    for end in (source, sink):
        try:
            end.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def serve(client):
    if silent():
        forever.wait()
    try:
        upstream = socket.create_connection(("127.0.0.1", TARGET))
    except OSError:
        client.close()
        return
    threading.Thread(target=pipe, args=(client, upstream), daemon=True).start()
    pipe(upstream, client)


listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", PORT))
listener.listen(128)
while True:
    connection, _ = listener.accept()
    threading.Thread(target=serve, args=(connection,), daemon=True).start()
