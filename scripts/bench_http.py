"""The HTTP client of `make bench`'s Python sections (scripts/bench.sh): one request function and
the development sign-in, against the bench's server on loopback."""
import http.client
import json
import sys
import time
from urllib.parse import urlparse


class Server:
    def __init__(self, url, timeout=120):
        self.url = url
        parsed = urlparse(url)
        self.host, self.port, self.timeout = parsed.hostname, parsed.port, timeout

    def request(self, method, path, body=None, cookie=None):
        """(status, body bytes, Set-Cookie or None); JSON in, with the Origin a browser sends."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout)
        headers = {"Origin": self.url, "Content-Type": "application/json"}
        if cookie:
            headers["Cookie"] = cookie
        conn.request(method, path, json.dumps(body) if body is not None else None, headers)
        response = conn.getresponse()
        data = response.read()
        set_cookie = response.getheader("Set-Cookie")
        conn.close()
        return response.status, data, set_cookie

    def sign_in(self, email, first_name=None, last_name=None, tries=20):
        """The session cookie of a development sign-in, retried while the server is busy."""
        status = None
        for _ in range(tries):
            status, _, cookie = self.request("POST", "/api/dev-login", {"email": email, "firstName": first_name, "lastName": last_name})
            if status == 200:
                return cookie.split(";")[0]
            time.sleep(0.2)
        sys.exit(f"FAILED: dev sign-in of {email} answered {status}")
