#!/usr/bin/env python3
"""Mints JWTs for Hearth's refusal tests: signed with the test provider's keys (from provider.py's key dir) or with a
fresh key it never published, unsigned (`alg: none`), HMAC-signed with the provider's public key as the secret (the
algorithm-confusion attack), or tampered after signing.

One token:
  mint_token.py --key-dir DIR --claims JSON [--header JSON] [--alg ALG] [--kid KID] [--key provider|fresh]
                [--hmac-with-public-key] [--tamper JSON]
Several, one process (each stdin line a JSON request with the same fields, written as in the JSON below):
  mint_token.py --key-dir DIR --batch < requests.jsonl
  {"claims": {...}, "header": {...}, "alg": "RS256", "kid": null, "key": "provider", "hmacWithPublicKey": false,
   "tamper": null}

Prints each token on a line of its own, in order.

- `claims` is the payload exactly as given (the caller computes `exp`, `iat`, `nbf` from its own clock).
- `alg` (default RS256): RS256, RS384, RS512, PS256, PS384, PS512, ES256 (P-256), ES384 (P-384), ES512 (P-521),
  `none` (no signature: `header.payload.`), or HS256/HS384/HS512 with `hmacWithPublicKey` (the secret is the PEM of
  the provider's public key `kid`, or of its signing key: what a verifier that trusts the header's `alg` would use).
- `key`: `provider` (default) signs with the key `kid` from DIR/keys.json (active or inactive), or without `kid` the
  provider's active key of the algorithm's type; `fresh` signs with a new key that nobody published (its `kid` is
  the one given, so a known `kid` with the wrong key is a bad signature, and a new `kid` an unknown key).
- `header` is merged over {"typ": "JWT", "alg": alg, "kid": kid}; a member set to null is removed.
- `tamper`: claims merged into the payload after signing (the signature no longer matches).
"""

import argparse
import base64
import hashlib
import hmac
import json
import os
import sys

from joserfc import jws
from joserfc.jwk import ECKey, RSAKey, import_key

CURVES = {"ES256": "P-256", "ES384": "P-384", "ES512": "P-521"}
HASHES = {"HS256": hashlib.sha256, "HS384": hashlib.sha384, "HS512": hashlib.sha512}


def b64(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def compact(value):
    return json.dumps(value, separators=(",", ":")).encode()


def provider_key(keys, alg, kid):
    everything = keys["active"] + keys["inactive"]
    if kid is not None:
        found = [key for key in everything if key["kid"] == kid]
        if not found:
            raise SystemExit(f"mint_token: no key {kid!r} in the key dir")
        return found[0]
    kind = "EC" if alg in CURVES else "RSA"
    found = [key for key in keys["active"] if key["kty"] == kind]
    if not found:
        raise SystemExit(f"mint_token: the provider has no active {kind} key (start it with --alg ES256 for EC)")
    return found[0]


def mint(request, keys):
    alg = request.get("alg") or "RS256"
    kid = request.get("kid")
    claims = request.get("claims") or {}
    if alg == "none":
        header = {"typ": "JWT", "alg": "none"}
    elif alg in HASHES:
        if not request.get("hmacWithPublicKey"):
            raise SystemExit("mint_token: HMAC only with hmacWithPublicKey (the attack); Hearth never shares secrets")
        public = import_key(provider_key(keys, "RS256", kid)).as_pem(private=False)
        header = {"typ": "JWT", "alg": alg, "kid": kid or provider_key(keys, "RS256", None)["kid"]}
    elif request.get("key") == "fresh":
        key = ECKey.generate_key(CURVES[alg]) if alg in CURVES else RSAKey.generate_key(2048)
        if kid is None:
            key.ensure_kid()
            kid = key.kid
        header = {"typ": "JWT", "alg": alg, "kid": kid}
    else:
        found = provider_key(keys, alg, kid)
        key = import_key(found)
        header = {"typ": "JWT", "alg": alg, "kid": found["kid"]}
    for name, value in (request.get("header") or {}).items():
        if value is None:
            header.pop(name, None)
        else:
            header[name] = value

    if alg == "none":
        token = f"{b64(compact(header))}.{b64(compact(claims))}."
    elif alg in HASHES:
        signing_input = f"{b64(compact(header))}.{b64(compact(claims))}"
        signature = hmac.new(public, signing_input.encode(), HASHES[alg]).digest()
        token = f"{signing_input}.{b64(signature)}"
    else:
        token = jws.serialize_compact(header, compact(claims), key, algorithms=[alg])
    if tamper := request.get("tamper"):
        head, _, rest = token.partition(".")
        _, _, signature = rest.partition(".")
        token = f"{head}.{b64(compact({**claims, **tamper}))}.{signature}"
    return token


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--key-dir", required=True)
    parser.add_argument("--batch", action="store_true")
    parser.add_argument("--claims", type=json.loads)
    parser.add_argument("--header", type=json.loads)
    parser.add_argument("--alg", default="RS256")
    parser.add_argument("--kid")
    parser.add_argument("--key", choices=["provider", "fresh"], default="provider")
    parser.add_argument("--hmac-with-public-key", action="store_true")
    parser.add_argument("--tamper", type=json.loads)
    args = parser.parse_args()

    path = os.path.join(args.key_dir, "keys.json")
    with open(path) as file:
        keys = json.load(file)
    if args.batch:
        requests = [json.loads(line) for line in sys.stdin if line.strip()]
    else:
        requests = [
            {
                "claims": args.claims, "header": args.header, "alg": args.alg, "kid": args.kid, "key": args.key,
                "hmacWithPublicKey": args.hmac_with_public_key, "tamper": args.tamper,
            }
        ]
    for request in requests:
        print(mint(request, keys))
    return 0


if __name__ == "__main__":
    sys.exit(main())
