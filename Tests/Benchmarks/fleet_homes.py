#!/usr/bin/env python3
"""A fleet's device file: the example home (Config/devices.json, every user) plus HOMES more homes, each a copy of
the example's first user's devices (30) under its own user, `home-0001`, `home-0002`, ….

    fleet_homes.py HOMES OUT [TEMPLATE]       TEMPLATE defaults to Config/devices.json

Device ids repeat from home to home (they are per user, as Google's are); serial numbers and Matter unique ids get
the home's number so that no two devices of the fleet share one. Prints the number of devices written.
"""
import copy
import json
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    homes, out = int(sys.argv[1]), sys.argv[2]
    template = json.load(open(sys.argv[3] if len(sys.argv) > 3 else "Config/devices.json"))
    users = template["users"]
    devices = users[0]["devices"]
    for number in range(1, homes + 1):
        home = copy.deepcopy(devices)
        for device in home:
            info = device.get("basicInformation")
            if info:
                if "serialNumber" in info:
                    info["serialNumber"] = f"{info['serialNumber']}-{number}"[:32]
                if "uniqueID" in info:
                    info["uniqueID"] = f"{number:05d}-{info['uniqueID']}"[:32]
            device.pop("otherDeviceIds", None)
        users.append({"agentUserId": f"home-{number:04d}", "devices": home})
    json.dump(template, open(out, "w"))
    print(sum(len(user["devices"]) for user in users))


if __name__ == "__main__":
    main()
