#!/usr/bin/env python3
"""Writes Hearth's Matter device-type table from the Matter specification's data model.

The input is the `data_model/` directory of project-chip/connectedhomeip: one XML file per device type under
`<version>/device_types/`, scraped from the specification. The output is one Swift file of
`MatterDeviceTypeDefinition` values, checked in beside the hand-written types it uses
(`Sources/MatterModel/DataModel/`). CI does not run this (it cannot fetch the specification); a test checks the
checked-in output against facts quoted from the specification, and the DocC article "The Matter data model" says
how to run it again and from which files.

    python3 Sources/MatterModelGenerator/generate.py <connectedhomeip>/data_model \
        --versions 1.4 1.4.1 --output Sources/MatterModel/DataModel/Generated/MatterDeviceTypes+Generated.swift

The first version is the one generated; a device type missing from its directory is taken from the next one that
has it (its entry says from which). Anything in a file that the generator does not understand stops it: a table
that silently dropped a requirement would be worse than none.
"""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

CONFORMANCE_TAGS = {
    "mandatoryConform",
    "optionalConform",
    "provisionalConform",
    "deprecateConform",
    "disallowConform",
    "otherwiseConform",
}
TERM_TAGS = {"andTerm", "orTerm", "xorTerm", "notTerm"}
NAME_TAGS = {"feature", "condition", "attribute", "command", "event", "field"}
ELEMENT_GROUPS = (("features", "feature"), ("attributes", "attribute"), ("commands", "command"), ("events", "event"))
# Children of a cluster requirement's elements that narrow what the cluster allows (access, quality, constraint,
# default, enum values) rather than whether the element is there. They are counted, not carried, in this table.
NARROWING_TAGS = {"access", "quality", "constraint", "default", "enum", "bitmap", "item", "field", "mandatoryConform"}


class GeneratorError(Exception):
    pass


def swift_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def condition(node, where):
    """A conformance condition (`<feature name="LT"/>`, `<andTerm>…</andTerm>`) as Swift."""
    tag = node.tag
    if tag in NAME_TAGS:
        name = node.get("name")
        if not name:
            raise GeneratorError(f"{where}: <{tag}> without a name")
        case = {"feature": "feature", "condition": "condition", "attribute": "attribute", "command": "command",
                "event": "event", "field": "field"}[tag]
        return f".{case}({swift_string(name)})"
    if tag in TERM_TAGS:
        parts = [condition(child, where) for child in node]
        if tag == "notTerm":
            if len(parts) != 1:
                raise GeneratorError(f"{where}: <notTerm> with {len(parts)} terms")
            return f".not({parts[0]})"
        if len(parts) < 2:
            raise GeneratorError(f"{where}: <{tag}> with {len(parts)} terms")
        case = {"andTerm": "all", "orTerm": "any", "xorTerm": "exactlyOne"}[tag]
        return f".{case}([{', '.join(parts)}])"
    raise GeneratorError(f"{where}: unknown conformance term <{tag}>")


def conformance(node, where):
    """A conformance element as Swift (`.mandatory(nil)`, `.optional(.feature("LT"))`, `.otherwise([…])`)."""
    tag = node.tag
    children = [child for child in node]
    if tag == "otherwiseConform":
        options = [conformance(child, where) for child in children]
        if not options:
            raise GeneratorError(f"{where}: empty <otherwiseConform>")
        return f".otherwise([{', '.join(options)}])"
    if tag in ("provisionalConform", "deprecateConform", "disallowConform"):
        if children:
            raise GeneratorError(f"{where}: <{tag}> with a condition")
        return {"provisionalConform": ".provisional", "deprecateConform": ".deprecated",
                "disallowConform": ".disallowed"}[tag]
    if tag in ("mandatoryConform", "optionalConform"):
        case = "mandatory" if tag == "mandatoryConform" else "optional"
        if not children:
            return f".{case}(nil)"
        if len(children) != 1:
            raise GeneratorError(f"{where}: <{tag}> with {len(children)} conditions")
        return f".{case}({condition(children[0], where)})"
    raise GeneratorError(f"{where}: unknown conformance <{tag}>")


def only_conformance(node, where, allow_others=frozenset()):
    """The one conformance child of `node`; other children must be in `allow_others`."""
    found = [child for child in node if child.tag in CONFORMANCE_TAGS]
    others = [child.tag for child in node if child.tag not in CONFORMANCE_TAGS and child.tag not in allow_others]
    if others:
        raise GeneratorError(f"{where}: unexpected {sorted(set(others))}")
    if len(found) > 1:
        raise GeneratorError(f"{where}: {len(found)} conformances")
    return conformance(found[0], where) if found else None


def parse_id(text, where):
    try:
        return int(text, 16) if text.lower().startswith("0x") else int(text)
    except (TypeError, ValueError):
        raise GeneratorError(f"{where}: id {text!r} is not a number")


def element_requirements(cluster, where):
    """The features, attributes, commands and events a device type requires of one of its clusters."""
    requirements = {}
    narrowed = 0
    for group, tag in ELEMENT_GROUPS:
        entries = []
        for container in cluster.findall(group):
            for element in container:
                if element.tag != tag:
                    raise GeneratorError(f"{where}: <{element.tag}> in <{group}>")
                name = element.get("name")
                if not name:
                    raise GeneratorError(f"{where}: <{tag}> without a name")
                here = f"{where} {tag} {name}"
                found = [child for child in element if child.tag in CONFORMANCE_TAGS]
                others = [child for child in element if child.tag not in CONFORMANCE_TAGS]
                unknown = [child.tag for child in others if child.tag not in NARROWING_TAGS]
                if unknown:
                    raise GeneratorError(f"{here}: unexpected {sorted(set(unknown))}")
                narrowed += len(others)
                if len(found) > 1:
                    raise GeneratorError(f"{here}: {len(found)} conformances")
                rule = conformance(found[0], here) if found else "nil"
                code = element.get("code") or ""
                entries.append(f".init(code: {swift_string(code)}, name: {swift_string(name)}, conformance: {rule})")
        requirements[group] = entries
    return requirements, narrowed


def device_type(path, version):
    where = os.path.basename(path)
    root = ET.parse(path).getroot()
    if root.tag != "deviceType":
        raise GeneratorError(f"{where}: the root is <{root.tag}>, not <deviceType>")
    if not root.get("id"):
        return None  # Base Device Type and the like: requirements every device type includes, not a device type.
    entry = {
        "id": parse_id(root.get("id"), where),
        "name": root.get("name") or "",
        "revision": parse_id(root.get("revision"), where),
        "file": os.path.basename(path),
        "version": version,
    }
    classification = root.find("classification")
    entry["class"] = classification.get("class") if classification is not None else None
    entry["scope"] = classification.get("scope") if classification is not None else None
    entry["superset"] = classification.get("superset") if classification is not None else None
    entry["conditions"] = [c.get("name") for c in root.findall("conditions/condition") if c.get("name")]
    clusters = []
    narrowed_total = 0
    for cluster in root.findall("clusters/cluster"):
        name = cluster.get("name") or ""
        side = cluster.get("side")
        if side not in ("server", "client"):
            raise GeneratorError(f"{where}: cluster {name} has side {side!r}")
        here = f"{where} cluster {name} ({side})"
        rule = only_conformance(
            cluster, here, allow_others={"features", "attributes", "commands", "events", "quality"})
        qualities = cluster.findall("quality")
        for quality in qualities:
            if set(quality.attrib) - {"singleton"}:
                raise GeneratorError(f"{here}: <quality> with {sorted(quality.attrib)}")
        singleton = any(quality.get("singleton") == "true" for quality in qualities)
        requirements, narrowed = element_requirements(cluster, here)
        narrowed_total += narrowed
        clusters.append({
            "id": parse_id(cluster.get("id"), here),
            "name": name,
            "side": side,
            "conformance": rule or "nil",
            "singleton": singleton,
            **requirements,
        })
    entry["clusters"] = clusters
    entry["narrowed"] = narrowed_total
    return entry


def swift_entry(entry):
    lines = []
    lines.append(f"        // {entry['version']}/device_types/{entry['file']}")
    lines.append("        MatterDeviceTypeDefinition(")
    lines.append(f"            id: 0x{entry['id']:04X},")
    lines.append(f"            name: {swift_string(entry['name'])},")
    lines.append(f"            revision: {entry['revision']},")
    lines.append(f"            deviceClass: {swift_string(entry['class']) if entry['class'] else 'nil'},")
    lines.append(f"            scope: {swift_string(entry['scope']) if entry['scope'] else 'nil'},")
    lines.append(f"            superset: {swift_string(entry['superset']) if entry['superset'] else 'nil'},")
    conditions = ", ".join(swift_string(c) for c in entry["conditions"])
    lines.append(f"            conditions: [{conditions}],")
    if not entry["clusters"]:
        lines.append("            clusters: []")
    else:
        lines.append("            clusters: [")
        for cluster in entry["clusters"]:
            lines.append("                .init(")
            lines.append(f"                    id: 0x{cluster['id']:04X},")
            lines.append(f"                    name: {swift_string(cluster['name'])},")
            lines.append(f"                    side: .{cluster['side']},")
            lines.append(f"                    conformance: {cluster['conformance']},")
            lines.append(f"                    singleton: {'true' if cluster['singleton'] else 'false'},")
            for group, _ in ELEMENT_GROUPS:
                items = cluster[group]
                last = group == "events"
                tail = "" if last else ","
                if not items:
                    lines.append(f"                    {group}: []{tail}")
                else:
                    lines.append(f"                    {group}: [")
                    for item in items:
                        lines.append(f"                        {item},")
                    lines.append(f"                    ]{tail}")
            lines.append("                ),")
        lines.append("            ]")
    lines.append("        ),")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data_model", help="connectedhomeip's data_model directory")
    parser.add_argument("--versions", nargs="+", default=["1.4"], help="version directories, the generated one first")
    parser.add_argument("--output", required=True, help="the Swift file to write")
    arguments = parser.parse_args()

    entries = {}
    sources = []
    for version in arguments.versions:
        directory = os.path.join(arguments.data_model, version, "device_types")
        if not os.path.isdir(directory):
            raise GeneratorError(f"no directory {directory}")
        for name in sorted(os.listdir(directory)):
            if not name.endswith(".xml"):
                continue
            path = os.path.join(directory, name)
            entry = device_type(path, version)
            if entry is None or entry["id"] in entries:
                continue
            entries[entry["id"]] = entry
            with open(path, "rb") as handle:
                sources.append(f"{version}/device_types/{name} sha256:{hashlib.sha256(handle.read()).hexdigest()}")

    ordered = [entries[key] for key in sorted(entries)]
    out = []
    out.append("// Generated by Sources/MatterModelGenerator/generate.py from the Matter specification's data model")
    out.append("// (project-chip/connectedhomeip data_model/, versions " + ", ".join(arguments.versions) + "). Do not edit:")
    out.append("// run the generator again (the DocC article \"The Matter data model\" says how).")
    out.append("//")
    out.append(f"// {len(ordered)} device types, from:")
    for source in sorted(sources):
        out.append(f"//   {source}")
    out.append("")
    out.append("extension MatterDeviceTypeDefinition {")
    out.append("    /// Every device type of the specification's data model, by id.")
    out.append("    public static let specification: [MatterDeviceTypeDefinition] = [")
    for entry in ordered:
        out.extend(swift_entry(entry))
    out.append("    ]")
    out.append("}")
    text = "\n".join(out) + "\n"
    with open(arguments.output, "w", encoding="utf-8") as handle:
        handle.write(text)
    # The checked-in file is `swift format` clean like every other source (CI lints it).
    swift = shutil.which("swift")
    if swift is None:
        raise GeneratorError("no `swift` on PATH to format the output with `swift format`")
    subprocess.run([swift, "format", "format", "-i", arguments.output], check=True)
    narrowed = sum(entry["narrowed"] for entry in ordered)
    print(f"{len(ordered)} device types written to {arguments.output} "
          f"({narrowed} narrowing elements of cluster requirements counted, not carried)")


if __name__ == "__main__":
    try:
        main()
    except GeneratorError as error:
        print(f"generate.py: {error}", file=sys.stderr)
        sys.exit(1)
