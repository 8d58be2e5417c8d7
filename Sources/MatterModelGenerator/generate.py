#!/usr/bin/env python3
"""Writes Hearth's Matter device-type and cluster tables from the Matter specification's data model.

The input is the `data_model/` directory of project-chip/connectedhomeip: one XML file per device type under
`<version>/device_types/` and one per cluster under `<version>/clusters/`, scraped from the specification. The
outputs are two Swift files, of `MatterDeviceTypeDefinition` and of `MatterClusterDefinition` values, checked in
beside the hand-written types they use (`Sources/MatterModel/DataModel/`). CI does not run this (it cannot fetch the
specification); tests check the checked-in output against facts quoted from the specification, and the DocC article
"The Matter data model" says how to run it again and from which files.

    python3 Sources/MatterModelGenerator/generate.py <connectedhomeip>/data_model --versions 1.4 1.4.1 1.5 \
        --device-types-output Sources/MatterModel/DataModel/Generated/MatterDeviceTypes+Generated.swift \
        --clusters-output Sources/MatterModel/DataModel/Generated/MatterClusters+Generated.swift \
        --globals 1.5 --globals-output Sources/MatterModel/DataModel/Generated/MatterGlobals+Generated.swift

The first version is the one generated; a device type or cluster missing from its directory is taken from the next
one that has it (its entry says from which). The `1.5` directory holds only the camera device types and clusters
Matter 1.4 lacks, so nothing else of 1.5 replaces 1.4. A derived cluster (`<classification hierarchy="derived"
baseCluster="Mode Base">`) is written merged with its base; a base without an id (Mode Base, Alarm Base) is used
for merging only. The global data types (`<version>/globals/`: Structs.xml, Enums.xml, Bitmaps.xml, TypeDefs.xml,
which the 1.4 data model does not have) are written as a third table, without those a cluster file defines itself.
A type a given cluster file names that only a cluster file not given defines (Push AV Stream Transport's
`TLSEndpointID`, TLS Client Management's) is written into the naming cluster's types from `OUTSIDE_TYPES`, with a
comment saying where it comes from.
Anything in a file that the generator does not understand stops it, naming the file and the
element: a table that silently dropped a requirement or a constraint would be worse than none.
"""

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import textwrap
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
COMPARISON_TAGS = {"greaterTerm": "greater", "equalTerm": "equal"}
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
        children = list(node)
        if tag == "command" and children:
            # `<command name="SolicitOffer"><field name="VideoStreamID"/></command>` (Matter 1.5): a field of the
            # request a response answers.
            if len(children) != 1 or children[0].tag != "field" or not children[0].get("name") or list(children[0]):
                raise GeneratorError(f"{where}: <command name={name!r}> with {[child.tag for child in children]}")
            return f".commandField(command: {swift_string(name)}, field: {swift_string(children[0].get('name'))})"
        if children:
            raise GeneratorError(f"{where}: <{tag} name={name!r}> with {[child.tag for child in children]} inside")
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
    if tag in COMPARISON_TAGS:
        parts = [condition(child, where) for child in node]
        if len(parts) != 2:
            raise GeneratorError(f"{where}: <{tag}> with {len(parts)} terms")
        return f".{COMPARISON_TAGS[tag]}({parts[0]}, {parts[1]})"
    if tag == "literal":
        if set(node.attrib) != {"value"} or list(node):
            raise GeneratorError(f"{where}: <literal> with {sorted(node.attrib)}")
        if node.get("value") in ("true", "false"):  # `RequiresEncodedPixels == true` (Matter 1.5)
            return f".booleanLiteral({node.get('value')})"
        return f".literal({parse_id(node.get('value'), where + ' <literal>')})"
    if tag == "enum":
        # `ZoneType == ZoneTypeEnum.TwoDCARTZone` (Matter 1.5): one of an enum's values, by name.
        if set(node.attrib) != {"name", "value"} or list(node):
            raise GeneratorError(f"{where}: <enum> in a condition with {sorted(node.attrib)}")
        return f".enumValue(type: {swift_string(node.get('name'))}, value: {swift_string(node.get('value'))})"
    raise GeneratorError(f"{where}: unknown conformance term <{tag}>")


def conformance(node, where):
    """A conformance element as Swift (`.mandatory(nil)`, `.optional(.feature("LT"))`, `.otherwise([…])`); an
    optional conformance's choice (`O.a+`) is `.optionalChoice`."""
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
        choice = None
        if node.attrib:
            # A choice (`O.a+`): one of the elements sharing the choice's name, or several with `more`.
            unknown = set(node.attrib) - {"choice", "more", "min", "max"}
            if tag != "optionalConform" or unknown or not node.get("choice"):
                raise GeneratorError(f"{where}: <{tag}> with {sorted(node.attrib)}")
            more = node.get("more")
            if more not in (None, "true", "false"):
                raise GeneratorError(f"{where}: <{tag}> with more={more!r}")
            bounds = [
                f"{key}: {parse_id(node.get(key), where)}" for key in ("min", "max") if node.get(key) is not None]
            choice = ", ".join(
                [f"name: {swift_string(node.get('choice'))}", f"more: {'true' if more == 'true' else 'false'}"]
                + bounds)
        if choice is not None:
            if len(children) > 1:
                raise GeneratorError(f"{where}: <{tag}> with {len(children)} conditions")
            rule = condition(children[0], where) if children else "nil"
            return f".optionalChoice({rule}, MatterChoice({choice}))"
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
    if text is None:
        raise GeneratorError(f"{where}: no id")
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
                name = element.get("name") or ""
                # Matter 1.5 device types name a feature by its code alone (`<feature code="VDO">`).
                if not name and not (tag == "feature" and element.get("code")):
                    raise GeneratorError(f"{where}: <{tag}> without a name")
                here = f"{where} {tag} {name or element.get('code')}"
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


DEVICE_TYPE_CHILDREN = {"revisionHistory", "classification", "conditions", "clusters", "conditionRequirements"}


def condition_requirements(root, where):
    """The conditions a device type requires of another on its node (Matter 1.5: a Camera requires the Root Node's
    `TLSCertificatesCond`, `PowerSourceCond`, `TimeSyncWithNTPCCond`, …), as `Root Node: TLSCertificatesCond`.
    They are checked and named in the entry's comment, not carried: the table describes one endpoint's clusters."""
    found = []
    for container in root.findall("conditionRequirements"):
        if container.attrib:
            raise GeneratorError(f"{where} <conditionRequirements>: {sorted(container.attrib)}")
        for other in container:
            if other.tag != "deviceType" or not other.get("name") or set(other.attrib) - {"id", "name"}:
                raise GeneratorError(f"{where} <conditionRequirements>: <{other.tag} {sorted(other.attrib)}>")
            for requirement in other:
                here = f"{where} conditionRequirement {requirement.get('name')}"
                if requirement.tag != "conditionRequirement" or set(requirement.attrib) != {"name"}:
                    raise GeneratorError(f"{where} <conditionRequirements>: <{requirement.tag}>")
                rule = only_conformance(requirement, here)
                if rule not in (".mandatory(nil)", ".optional(nil)"):
                    raise GeneratorError(f"{here}: conformance {rule}")
                found.append(f"{other.get('name')}: {requirement.get('name')} ({'M' if rule == '.mandatory(nil)' else 'O'})")
    return found


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
    unknown = [child.tag for child in root if child.tag not in DEVICE_TYPE_CHILDREN]
    if unknown:
        raise GeneratorError(f"{where}: unexpected {sorted(set(unknown))}")
    entry["conditionRequirements"] = condition_requirements(root, where)
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
    if entry["conditionRequirements"]:
        text = "Requires of other device types on its node (not carried): " + ", ".join(entry["conditionRequirements"])
        lines.extend(f"        // {line}" for line in textwrap.wrap(text, width=100))
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


# MARK: - Clusters

CLUSTER_CHILDREN = {"revisionHistory", "clusterIds", "classification", "features", "dataTypes", "attributes",
                    "commands", "events"}
PRIVILEGES = {"view": ".view", "operate": ".operate", "manage": ".manage", "admin": ".administer"}
PERSISTENCE = {"fixed": ".fixed", "nonVolatile": ".nonVolatile", "volatile": ".volatile"}
PRIORITIES = {"debug": ".debug", "info": ".info", "critical": ".critical", "desc": ".described"}
DIRECTIONS = {"commandToServer": ".commandToServer", "responseFromServer": ".responseFromServer",
              "commandToClient": ".commandToClient"}
BOOLEAN_QUALITIES = ("nullable", "scene", "reportable", "changeOmitted", "sourceAttribution", "quieterReporting",
                     "atomicWrite")
BOOLEAN_ACCESS = ("timed", "fabricScoped", "fabricSensitive")
# Constraint forms with one bound (`value`) and with two (`from`, `to`), and the Swift case each becomes.
ONE_BOUND = {"min": "min", "max": "max", "allowed": "allowed", "minCount": "minCount", "maxCount": "maxCount",
             "minLength": "minLength", "maxLength": "maxLength", "maxCodePoints": "maxCodePoints"}
# Bounds the specification's data model writes in a form no rule below reads, by file and text. Each is carried as its
# own text (`.unparsed`) and listed in the DocC article; any other bound not understood stops the generator.
UNPARSED_BOUNDS = {
    ("JointFabricDatastoreCluster.xml", "0bX"),  # UpdateGroup's GroupPermission: `allowed 0bX`, a bit pattern cut short.
    ("ValidProxies-Cluster.xml", ""),  # ValidProxyList: `<allowed value=""/>`, the value lost in the scrape.
}
# Bounds on a `percent100ths` element that a file writes in percent, where the type counts hundredths of a percent
# (Matter Core: "0 to 10000, representing 0.00% to 100.00%") and the 1.4 files write hundredths (Window Covering's
# `CurrentPositionLiftPercent100ths`: `max 10000`). Matter 1.5's Closure Dimension writes `Resolution` and
# `StepValue` as `min 0.01` and `RangePercent100thsStruct.Max` as `Min to 100`. By file, element and text: the bound
# in hundredths. Any other fraction stops the generator.
PERCENT_BOUNDS = {
    ("ClosureDimension.xml", "attribute Resolution", "0.01"): 1,
    ("ClosureDimension.xml", "attribute StepValue", "0.01"): 1,
    ("ClosureDimension.xml", "struct RangePercent100thsStruct field Max", "100"): 10000,
}
TWO_BOUNDS = {"between": "between", "countBetween": "countBetween", "lengthBetween": "lengthBetween"}


# Types a given cluster file names that only a cluster file *not* given defines, by the naming file and type name:
# the defining cluster, its file, and the definition quoted from that file. Each is written into the naming cluster's
# data types, with a comment saying where it is from, so the type resolves as the cluster's own. The generator
# stops if the naming file no longer uses the type, or if a given file now defines it (then the entry goes).
OUTSIDE_TYPES = {
    ("PushAVStreamTransport.xml", "TLSEndpointID"): (
        "TLS Client Management (0x0802)", "1.5/clusters/TLSClientManagement.xml",
        '<number name="TLSEndpointID" type="uint16"/>'),
}


REPLACED_WHOLE = {"constraint", "entry", "clusterIds", "classification", "revisionHistory"}


def merge_key(element):
    """How a derived cluster's element finds the base cluster's element it replaces or narrows."""
    tag = element.tag
    if tag in ("attribute", "command", "event", "field"):
        if element.get("id"):
            return (tag, parse_id(element.get("id"), f"<{tag} name={element.get('name')!r}>"))
        return (tag, element.get("name"))
    if tag in ("enum", "bitmap", "struct", "number"):
        return ("dataType", element.get("name"))
    if tag == "item":
        return (tag, parse_id(element.get("value"), "item"))
    if tag == "bitfield":
        return (tag, element.get("bit"), element.get("from"), element.get("to"))
    if tag == "feature":
        return (tag, element.get("bit"), element.get("code"))
    if tag in CONFORMANCE_TAGS:
        return ("conformance",)
    return (tag,)


def merge(base, derived):
    """The base element with the derived one applied: the derived element's attributes win, a conformance,
    constraint or type child it names replaces the base's, its access and quality attributes narrow the base's, and
    elements it names (by id, name, value or bit) are merged the same way; the rest is inherited."""
    if derived.tag != base.tag:  # `<number name="AlarmBitmap"/>` in Alarm Base, a `<bitmap>` in the derived cluster.
        return copy_element(derived)
    merged = ET.Element(base.tag)
    merged.attrib.update(base.attrib)
    merged.attrib.update(derived.attrib)
    derived_children = {}
    for child in derived:
        derived_children.setdefault(merge_key(child), []).append(child)
    used = set()
    for child in base:
        key = merge_key(child)
        if key in derived_children:
            if key in used:
                continue
            used.add(key)
            replacements = derived_children[key]
            # Replaced whole: a conformance, a constraint, a list's entry, and the derived cluster's own identity.
            if key == ("conformance",) or child.tag in REPLACED_WHOLE:
                merged.extend(copy_element(r) for r in replacements)
            else:
                merged.extend(merge(child, r) for r in replacements)
        else:
            merged.append(copy_element(child))
    for key, children in derived_children.items():
        if key not in used:
            merged.extend(copy_element(child) for child in children)
    return merged


def copy_element(element):
    return ET.fromstring(ET.tostring(element))


def bound(text, where):
    """A constraint bound as Swift: a number, `null`, `MS`, another element by name, or `A + 1` / `A - B`."""
    text = (text or "").strip()
    if (os.path.basename(where.split(" ")[0]), text) in UNPARSED_BOUNDS:
        return f".unparsed({swift_string(text)})"
    if not text:
        raise GeneratorError(f"{where}: empty bound")
    for (file, element, written), hundredths in PERCENT_BOUNDS.items():
        if os.path.basename(where.split(" ")[0]) == file and f" {element} " in f"{where} " and text == written:
            return f".integer({hundredths})"
    for operator, case in ((" + ", "sum"), (" - ", "difference")):
        if operator in text:
            left, right = text.rsplit(operator, 1)
            return f".{case}({bound(left, where)}, {bound(right, where)})"
    number = number_value(text)
    if number is not None:
        return f".integer({number})"
    if text == "null":
        return ".null"
    if text == "MS":
        return ".manufacturerSpecific"
    if all(c.isalnum() or c == "_" for c in text) and text[0].isalpha():
        return f".reference({swift_string(text)})"
    raise GeneratorError(f"{where}: bound {text!r} is not understood")


def number_value(text):
    negative = text.startswith("-")
    digits = text[1:] if negative else text
    try:
        value = int(digits, 16) if digits.lower().startswith("0x") else int(digits, 10)
    except ValueError:
        return None
    value = -value if negative else value
    if not -(2 ** 63) <= value < 2 ** 63:
        return None
    return value


LENGTH_FORMS = {"lengthBetween", "minLength", "maxLength"}


def length(text):
    """A length bound without the unit the data model sometimes writes after it (Time Synchronization's `0 to 64
    bytes`): a string's length is counted in bytes anyway (Matter Core §7.19.1)."""
    if text is not None and text.endswith(" bytes") and number_value(text[: -len(" bytes")]) is not None:
        return text[: -len(" bytes")]
    return text


def constraint(node, where):
    """A `<constraint>` as Swift (`.between(.integer(0), .integer(254))`), or a stop naming what was not understood."""
    here = f"{where} <constraint>"
    kind = node.get("type")
    children = [child for child in node]
    if kind is None:
        # The older form: `<constraint><maxCount value="255"/></constraint>`, `<constraint><desc/></constraint>`.
        if len(children) != 1 or node.attrib:
            raise GeneratorError(f"{here}: neither a type nor one form inside")
        node = children[0]
        kind = node.tag
        children = [child for child in node]
        attributes = set(node.attrib)
    else:
        attributes = set(node.attrib) - {"type"}
    if children:
        return nested_constraint(node, kind, attributes, children, here)
    if kind == "desc":
        if attributes:
            raise GeneratorError(f"{here}: desc with {sorted(attributes)}")
        return ".described"
    if kind in ONE_BOUND:
        if attributes != {"value"}:
            raise GeneratorError(f"{here}: {kind} with {sorted(attributes)}")
        value = length(node.get("value")) if kind in LENGTH_FORMS else node.get("value")
        return f".{ONE_BOUND[kind]}({bound(value, here)})"
    if kind in TWO_BOUNDS:
        if attributes != {"from", "to"}:
            raise GeneratorError(f"{here}: {kind} with {sorted(attributes)}")
        low, high = node.get("from"), node.get("to")
        if kind in LENGTH_FORMS:
            low, high = length(low), length(high)
        return f".{TWO_BOUNDS[kind]}({bound(low, here)}, {bound(high, here)})"
    raise GeneratorError(f"{here}: unknown constraint form {kind!r}")


def nested_constraint(node, kind, attributes, children, where):
    """A constraint whose bounds are elements rather than attributes, as the 1.5 globals write them:
    `<max><field name="FixedMax"/></max>`, `<between><from value="0"/><to><field name="X"/></to></between>`."""
    if attributes:
        raise GeneratorError(f"{where}: {kind} with {sorted(attributes)} and elements inside")
    if kind in ONE_BOUND:
        if len(children) != 1:
            raise GeneratorError(f"{where}: {kind} with {[child.tag for child in children]} inside")
        return f".{ONE_BOUND[kind]}({element_bound(children[0], where)})"
    if kind in TWO_BOUNDS:
        if [child.tag for child in children] != ["from", "to"]:
            raise GeneratorError(f"{where}: {kind} with {[child.tag for child in children]} inside")
        low, high = (side_bound(child, where) for child in children)
        return f".{TWO_BOUNDS[kind]}({low}, {high})"
    raise GeneratorError(f"{where}: {kind} with {[child.tag for child in children]} inside")


def side_bound(node, where):
    """A `<from>`/`<to>` (or `<left>`/`<right>`) bound: its `value`, or the one element inside it."""
    children = [child for child in node]
    if node.get("value") is not None:
        if children or set(node.attrib) != {"value"}:
            raise GeneratorError(f"{where}: <{node.tag}> with a value and more")
        return bound(node.get("value"), where)
    if len(children) != 1 or node.attrib:
        raise GeneratorError(f"{where}: <{node.tag}> with {[child.tag for child in children]} inside")
    return element_bound(children[0], where)


def element_bound(node, where):
    """A bound written as an element: another field or attribute by name (`<field name="PercentMax"/>`), or a
    `<compute>` adding, subtracting or dividing two bounds."""
    if node.tag in ("field", "attribute"):
        if set(node.attrib) != {"name"} or len(node):
            raise GeneratorError(f"{where}: <{node.tag}> bound with {sorted(node.attrib)}")
        return f".reference({swift_string(node.get('name'))})"
    if node.tag == "enum":
        # `<allowed><enum value="LiveView"/></allowed>` (Matter 1.5): an enum item by name, as `allowed LiveView` is.
        if set(node.attrib) != {"value"} or len(node):
            raise GeneratorError(f"{where}: <enum> bound with {sorted(node.attrib)}")
        return f".reference({swift_string(node.get('value'))})"
    if node.tag == "compute":
        parts = {child.tag: child for child in node}
        if sorted(parts) != ["left", "operation", "right"] or len(node) != 3 or node.attrib:
            raise GeneratorError(f"{where}: <compute> with {[child.tag for child in node]}")
        operation = (parts["operation"].text or "").strip()
        # `divide`: Push AV Stream Transport's `ChunkDuration` is at most `SegmentDuration / 2` (Matter 1.5).
        case = {"add": "sum", "subtract": "difference", "divide": "quotient"}.get(operation)
        if case is None or len(parts["operation"]):
            raise GeneratorError(f"{where}: <compute> operation {operation!r}")
        return f".{case}({side_bound(parts['left'], where)}, {side_bound(parts['right'], where)})"
    raise GeneratorError(f"{where}: bound <{node.tag}> is not understood")


def element_constraint(node, where):
    """An element's constraint as Swift: `nil` without one; several (`1 to N, 0xFFFE`) are `.anyOf([…])`."""
    found = [constraint(child, where) for child in node.findall("constraint")]
    if not found:
        return "nil"
    return found[0] if len(found) == 1 else f".anyOf([{', '.join(found)}])"


def access(node, where):
    if node is None:
        return "Access()"
    allowed = {"read", "write", "readPrivilege", "writePrivilege", "invokePrivilege", *BOOLEAN_ACCESS}
    unknown = set(node.attrib) - allowed
    if unknown:
        raise GeneratorError(f"{where} <access>: unexpected {sorted(unknown)}")
    parts = []
    read = node.get("read")
    if read is not None:
        if read not in ("true", "false"):
            raise GeneratorError(f"{where} <access>: read={read!r}")
        parts.append(f"read: {read}")
    write = node.get("write")
    if write is not None:
        cases = {"true": ".required", "false": ".none", "optional": ".optional"}
        if write not in cases:
            raise GeneratorError(f"{where} <access>: write={write!r}")
        parts.append(f"write: {cases[write]}")
    for key in ("readPrivilege", "writePrivilege", "invokePrivilege"):
        value = node.get(key)
        if value is not None:
            if value not in PRIVILEGES:
                raise GeneratorError(f"{where} <access>: {key}={value!r}")
            parts.append(f"{key}: {PRIVILEGES[value]}")
    for key in BOOLEAN_ACCESS:
        value = node.get(key)
        if value is not None:
            if value not in ("true", "false"):
                raise GeneratorError(f"{where} <access>: {key}={value!r}")
            if value == "true":
                parts.append(f"{key}: true")
    return f"Access({', '.join(parts)})"


def quality(node, where):
    if node is None:
        return "Quality()"
    unknown = set(node.attrib) - {"persistence", *BOOLEAN_QUALITIES}
    if unknown:
        raise GeneratorError(f"{where} <quality>: unexpected {sorted(unknown)}")
    parts = []
    for key in BOOLEAN_QUALITIES:
        value = node.get(key)
        if value is not None and value not in ("true", "false"):
            raise GeneratorError(f"{where} <quality>: {key}={value!r}")
        if value == "true":
            parts.append(f"{key}: true")
        if key == "nullable":  # The initializer's parameters come in this order.
            persistence = node.get("persistence")
            if persistence is not None:
                if persistence not in PERSISTENCE:
                    raise GeneratorError(f"{where} <quality>: persistence={persistence!r}")
                parts.append(f"persistence: {PERSISTENCE[persistence]}")
    return f"Quality({', '.join(parts)})"


def single(node, tag, where):
    found = node.findall(tag)
    if len(found) > 1:
        raise GeneratorError(f"{where}: {len(found)} <{tag}>")
    return found[0] if found else None


def type_reference(node, where):
    """The element's type as Swift: `.named("uint8")`, or `.list(entry: "ModeOptionStruct", constraint: nil)`."""
    name = node.get("type")
    entry = single(node, "entry", where)
    if name is None or name == "":
        if entry is not None:
            raise GeneratorError(f"{where}: <entry> without a list type")
        return "nil"
    if name == "list":
        if entry is None:
            raise GeneratorError(f"{where}: a list without <entry>")
        if set(entry.attrib) != {"type"}:
            raise GeneratorError(f"{where} <entry>: {sorted(entry.attrib)}")
        others = [child.tag for child in entry if child.tag != "constraint"]
        if others:
            raise GeneratorError(f"{where} <entry>: unexpected {others}")
        rule = element_constraint(entry, where + " <entry>")
        return f".list(entry: {swift_string(entry.get('type'))}, constraint: {rule})"
    if entry is not None:
        raise GeneratorError(f"{where}: <entry> on type {name!r}")
    return f".named({swift_string(name)})"


def optional_string(value):
    return swift_string(value) if value is not None else "nil"


def check_children(node, allowed, where):
    unknown = [child.tag for child in node if child.tag not in allowed and child.tag not in CONFORMANCE_TAGS]
    if unknown:
        raise GeneratorError(f"{where}: unexpected {sorted(set(unknown))}")


def check_attributes(node, allowed, where):
    unknown = set(node.attrib) - set(allowed)
    if unknown:
        raise GeneratorError(f"{where}: unexpected attributes {sorted(unknown)}")


def element_conformance(node, where):
    found = [child for child in node if child.tag in CONFORMANCE_TAGS]
    if len(found) > 1:
        raise GeneratorError(f"{where}: {len(found)} conformances")
    return conformance(found[0], where) if found else "nil"


def default_text(node, where):
    """The element's default as the data model writes it. From Matter 1.5 a default that is an enum item may be an
    element instead of the `default` attribute (`<default><enum default="Auto"/></default>`, Closure Control's
    `Speed`): it is read as the item's name, the text the attribute would hold."""
    text = node.get("default")
    element = single(node, "default", where)
    if element is None:
        return text
    if text is not None:
        raise GeneratorError(f"{where}: a default attribute and a <default> element")
    items = list(element)
    if element.attrib or len(items) != 1 or items[0].tag != "enum" or set(items[0].attrib) != {"default"}:
        raise GeneratorError(f"{where} <default>: expected one <enum default=...>")
    return items[0].get("default")


def field(node, where):
    if node.tag != "field":
        raise GeneratorError(f"{where}: <{node.tag}> among fields")
    name = node.get("name") or ""
    here = f"{where} field {name}"
    check_attributes(node, {"id", "name", "type", "default", "summary"}, here)
    check_children(node, {"access", "quality", "constraint", "entry", "default"}, here)
    return (
        f"Field(id: {parse_id(node.get('id'), here) if node.get('id') is not None else 'nil'}, "
        f"name: {swift_string(name)}, "
        f"type: {type_reference(node, here)}, defaultValue: {optional_string(default_text(node, here))}, "
        f"access: {access(single(node, 'access', here), here)}, quality: {quality(single(node, 'quality', here), here)}, "
        f"conformance: {element_conformance(node, here)}, "
        f"constraint: {element_constraint(node, here)})"
    )


def elements(root, group, tag, allowed_attributes, allowed_children, where):
    """Each `<tag>` in `root`'s `<group>` containers, with its place for messages, after checking that the container
    holds only such elements and that each has only the allowed XML attributes and children."""
    for container in root.findall(group):
        for node in container:
            if node.tag != tag:
                raise GeneratorError(f"{where}: <{node.tag}> in <{group}>")
            here = f"{where} {tag} {node.get('name')}"
            check_attributes(node, allowed_attributes, here)
            check_children(node, allowed_children, here)
            yield node, here


def data_type(node, where):
    name = node.get("name") or ""
    here = f"{where} {node.tag} {name}"
    if not name:
        raise GeneratorError(f"{here}: without a name")
    if node.tag == "enum":
        check_attributes(node, {"name", "type"}, here)
        check_children(node, {"item"}, here)
        items = []
        for item in node:
            item_here = f"{here} item {item.get('name')}"
            check_attributes(item, {"value", "name", "summary"}, item_here)
            check_children(item, set(), item_here)
            items.append(
                f"Item(value: {parse_id(item.get('value'), item_here)}, name: {swift_string(item.get('name') or '')}, "
                f"conformance: {element_conformance(item, item_here)})")
        return f"DataType(name: {swift_string(name)}, kind: .enumeration(base: {optional_string(node.get('type'))}, items: [{', '.join(items)}]))"
    if node.tag == "bitmap":
        check_attributes(node, {"name"}, here)
        check_children(node, {"bitfield"}, here)
        fields = []
        for bitfield in node:
            field_here = f"{here} bitfield {bitfield.get('name')}"
            check_attributes(bitfield, {"bit", "from", "to", "name", "summary"}, field_here)
            check_children(bitfield, set(), field_here)
            if bitfield.get("bit") is not None:
                if bitfield.get("from") is not None or bitfield.get("to") is not None:
                    raise GeneratorError(f"{field_here}: both a bit and a range")
                low = high = parse_id(bitfield.get("bit"), field_here)
            else:
                low, high = parse_id(bitfield.get("from"), field_here), parse_id(bitfield.get("to"), field_here)
            fields.append(
                f"Bitfield(bits: {low}...{high}, name: {swift_string(bitfield.get('name') or '')}, "
                f"conformance: {element_conformance(bitfield, field_here)})")
        return f"DataType(name: {swift_string(name)}, kind: .bitmap([{', '.join(fields)}]))"
    if node.tag == "struct":
        check_attributes(node, {"name"}, here)
        check_children(node, {"field", "access"}, here)
        fields = [field(child, here) for child in node.findall("field")]
        rights = access(single(node, "access", here), here)
        return f"DataType(name: {swift_string(name)}, kind: .structure(access: {rights}, fields: [{', '.join(fields)}]))"
    if node.tag == "number":
        check_attributes(node, {"name", "type"}, here)
        check_children(node, set(), here)
        return f"DataType(name: {swift_string(name)}, kind: .number(base: {optional_string(node.get('type') or None)}))"
    raise GeneratorError(f"{here}: unknown data type <{node.tag}>")


def cluster_body(root, where):
    """Everything of a (merged) cluster but its id and name, as Swift argument lines."""
    for child in root:
        if child.tag not in CLUSTER_CHILDREN:
            raise GeneratorError(f"{where}: unexpected <{child.tag}>")
    classification = single(root, "classification", where)
    if classification is None:
        raise GeneratorError(f"{where}: no <classification>")
    check_attributes(classification, {"hierarchy", "baseCluster", "role", "picsCode", "scope"}, where + " <classification>")
    hierarchy = classification.get("hierarchy")
    if hierarchy not in ("base", "derived"):
        raise GeneratorError(f"{where}: hierarchy {hierarchy!r}")
    body = {
        "revision": parse_id(root.get("revision"), where + " revision"),
        "classification": dict(classification.attrib),
    }
    features = []
    for container in root.findall("features"):
        for node in container:
            here = f"{where} feature {node.get('name')}"
            if node.tag != "feature":
                raise GeneratorError(f"{where}: <{node.tag}> in <features>")
            check_attributes(node, {"bit", "code", "name", "summary"}, here)
            check_children(node, set(), here)
            features.append(
                f"Feature(bit: {parse_id(node.get('bit'), here)}, code: {swift_string(node.get('code') or '')}, "
                f"name: {swift_string(node.get('name') or '')}, conformance: {element_conformance(node, here)})")
    body["features"] = features
    body["dataTypes"] = [data_type(node, where) for container in root.findall("dataTypes") for node in container]
    attributes = []
    for node, here in elements(
            root, "attributes", "attribute", {"id", "name", "type", "default"},
            {"access", "quality", "constraint", "entry"}, where):
        attributes.append(
            f"Attribute(id: 0x{parse_id(node.get('id'), here):04X}, name: {swift_string(node.get('name') or '')}, "
            f"type: {type_reference(node, here)}, defaultValue: {optional_string(node.get('default'))}, "
            f"access: {access(single(node, 'access', here), here)}, quality: {quality(single(node, 'quality', here), here)}, "
            f"conformance: {element_conformance(node, here)}, "
            f"constraint: {element_constraint(node, here)})")
    body["attributes"] = attributes
    commands = []
    for node, here in elements(
            root, "commands", "command", {"id", "name", "direction", "response"}, {"access", "field", "quality"},
            where):
        direction = node.get("direction")
        if direction is not None and direction not in DIRECTIONS:
            raise GeneratorError(f"{here}: direction {direction!r}")
        fields = [field(child, here) for child in node.findall("field")]
        # A command's only quality is `largeMessage` (Matter 1.5: `CaptureSnapshot`, the WebRTC Transport commands).
        command_quality = single(node, "quality", here)
        large = ""
        if command_quality is not None:
            if set(command_quality.attrib) != {"largeMessage"} or command_quality.get("largeMessage") not in (
                    "true", "false") or len(command_quality):
                raise GeneratorError(f"{here} <quality>: {sorted(command_quality.attrib)}")
            if command_quality.get("largeMessage") == "true":
                large = ", largeMessage: true"
        commands.append(
            f"Command(id: 0x{parse_id(node.get('id'), here):02X}, name: {swift_string(node.get('name') or '')}, "
            f"direction: {DIRECTIONS[direction] if direction else 'nil'}, response: {optional_string(node.get('response'))}, "
            f"access: {access(single(node, 'access', here), here)}, conformance: {element_conformance(node, here)}, "
            f"fields: [{', '.join(fields)}]{large})")
    body["commands"] = commands
    events = []
    for node, here in elements(root, "events", "event", {"id", "name", "priority"}, {"access", "field"}, where):
        priority = node.get("priority")
        if priority is not None and priority not in PRIORITIES:
            raise GeneratorError(f"{here}: priority {priority!r}")
        fields = [field(child, here) for child in node.findall("field")]
        events.append(
            f"Event(id: 0x{parse_id(node.get('id'), here):02X}, name: {swift_string(node.get('name') or '')}, "
            f"priority: {PRIORITIES[priority] if priority else 'nil'}, "
            f"access: {access(single(node, 'access', here), here)}, conformance: {element_conformance(node, here)}, "
            f"fields: [{', '.join(fields)}])")
    body["events"] = events
    return body


def cluster_files(data_model, versions):
    """Every cluster file, parsed, in file-name order: the first version's files, then the next version's for
    clusters (by id, or by name for a base without one) the first lacks."""
    files = []
    seen = set()
    for version in versions:
        directory = os.path.join(data_model, version, "clusters")
        if not os.path.isdir(directory):
            raise GeneratorError(f"no directory {directory}")
        for name in sorted(os.listdir(directory)):
            if not name.endswith(".xml"):
                continue
            path = os.path.join(directory, name)
            where = f"{version}/clusters/{name}"
            try:
                root = ET.parse(path).getroot()
            except ET.ParseError as error:
                raise GeneratorError(f"{where}: {error}")
            if root.tag != "cluster":
                raise GeneratorError(f"{where}: the root is <{root.tag}>, not <cluster>")
            ids = root.findall("clusterIds/clusterId")
            if not ids:
                raise GeneratorError(f"{where}: no <clusterIds>")
            keys = set()
            for entry in ids:
                check_attributes(entry, {"id", "name", "picsCode"}, f"{where} clusterId")
                keys.add(parse_id(entry.get("id"), where) if entry.get("id") else entry.get("name"))
            if keys & seen:
                if not keys <= seen:
                    raise GeneratorError(f"{where}: some of its clusters are in an earlier version, some not")
                continue
            seen |= keys
            with open(path, "rb") as handle:
                digest = hashlib.sha256(handle.read()).hexdigest()
            files.append({"where": where, "root": root, "sha256": digest, "version": version})
    return files


def base_name(root):
    """The names a derived cluster may use for this cluster as its base (`Mode Base`, `Operational State`)."""
    names = {entry.get("name") for entry in root.findall("clusterIds/clusterId") if entry.get("name")}
    name = root.get("name") or ""
    names.add(name[: -len(" Cluster")] if name.endswith(" Cluster") else name)
    return names


def clusters(data_model, versions):
    files = cluster_files(data_model, versions)
    bases = {}
    for entry in files:
        for name in base_name(entry["root"]):
            bases.setdefault(name, []).append(entry)
    entries = {}
    derived_count = 0
    for entry in files:
        root = entry["root"]
        where = entry["where"]
        sources = [where]
        classification = root.find("classification")
        if classification is not None and classification.get("hierarchy") == "derived":
            base = classification.get("baseCluster")
            candidates = [candidate for candidate in bases.get(base, []) if candidate is not entry]
            if len(candidates) != 1:
                raise GeneratorError(f"{where}: base cluster {base!r} found {len(candidates)} times")
            base_entry = candidates[0]
            if base_entry["root"].find("classification").get("hierarchy") == "derived":
                raise GeneratorError(f"{where}: its base {base!r} is itself derived")
            root = merge(base_entry["root"], root)
            sources.append(base_entry["where"])
            derived_count += 1
        body = cluster_body(root, where)
        for cluster_id in root.findall("clusterIds/clusterId"):
            if not cluster_id.get("id"):
                continue  # Mode Base, Alarm Base: merged into the clusters derived from them, not clusters.
            identifier = parse_id(cluster_id.get("id"), where)
            if identifier in entries:
                raise GeneratorError(f"{where}: cluster 0x{identifier:04X} is also in {entries[identifier]['sources'][0]}")
            rules = [child for child in cluster_id]
            for child in rules:
                if child.tag not in CONFORMANCE_TAGS:
                    raise GeneratorError(f"{where} clusterId {cluster_id.get('name')}: unexpected <{child.tag}>")
            entries[identifier] = {
                "id": identifier,
                "name": cluster_id.get("name") or "",
                "picsCode": cluster_id.get("picsCode"),
                "conformance": element_conformance(cluster_id, f"{where} clusterId {cluster_id.get('name')}"),
                "sources": sources,
                **body,
            }
    outside_types(files, entries)
    return [entries[key] for key in sorted(entries)], files, derived_count


def used_type_names(root):
    """Every type name the file's attributes, fields and list entries write (`type="TLSEndpointID"`)."""
    return {node.get("type") for node in root.iter() if node.tag in ("attribute", "field", "entry") and node.get("type")}


def outside_types(files, entries):
    """Adds each `OUTSIDE_TYPES` definition to the clusters of the file naming it, after checking that the file is
    given, still names the type, and that no given cluster file defines it."""
    defined = {}
    for entry in entries.values():
        for line in entry["dataTypes"]:
            defined.setdefault(line.split('"')[1], entry["sources"][0])
    for entry in entries.values():
        entry.setdefault("outsideTypes", [])
    for (file_name, type_name), (owner, owner_file, definition) in sorted(OUTSIDE_TYPES.items()):
        naming = [entry for entry in files if os.path.basename(entry["where"]) == file_name]
        if not naming:
            continue  # The naming file is not among the given ones: nothing names the type.
        where = naming[0]["where"]
        if type_name in defined:
            raise GeneratorError(
                f"{where}: {type_name} is defined by {defined[type_name]} now; take it out of OUTSIDE_TYPES")
        if type_name not in used_type_names(naming[0]["root"]):
            raise GeneratorError(f"{where}: no longer names {type_name}; take it out of OUTSIDE_TYPES")
        node = ET.fromstring(definition)
        item = data_type(node, f"OUTSIDE_TYPES {owner_file}")
        comment = (f"{type_name}: defined by {owner} in {owner_file}, which is not given; written here as that file "
                   f"defines it ({definition})")
        for entry in entries.values():
            if entry["sources"][0] == where:
                entry["outsideTypes"].append((comment, item))


def swift_cluster(entry):
    """One cluster as `private static let`s with their types written out: the cluster, and each of its non-empty
    element lists on its own, so no one expression is large enough to slow the type checker (Door Lock's was seven
    seconds as one expression)."""
    name = f"cluster{entry['id']:04X}"
    lines = [f"    // {' merged into '.join(reversed(entry['sources'])) if len(entry['sources']) > 1 else entry['sources'][0]}"]
    given = entry["classification"]
    # One file, several clusters (Concentration Measurement): each cluster's own PICS code, else the file's.
    pics_code = entry["picsCode"] or given.get("picsCode")
    classification = (
        f"Classification(hierarchy: .{given['hierarchy']}, baseCluster: {optional_string(given.get('baseCluster'))}, "
        f"role: {optional_string(given.get('role'))}, picsCode: {optional_string(pics_code)}, "
        f"scope: {optional_string(given.get('scope'))})")
    groups = (("features", "Feature"), ("dataTypes", "DataType"), ("attributes", "Attribute"),
              ("commands", "Command"), ("events", "Event"))
    lines.append(f"    private static let {name}: MatterClusterDefinition = MatterClusterDefinition(")
    lines.append(f"        id: 0x{entry['id']:04X},")
    lines.append(f"        name: {swift_string(entry['name'])},")
    lines.append(f"        revision: {entry['revision']},")
    lines.append(f"        classification: {classification},")
    lines.append(f"        conformance: {entry['conformance']},")
    for group, _ in groups:
        tail = "" if group == groups[-1][0] else ","
        present = entry[group] or (group == "dataTypes" and entry["outsideTypes"])
        value = f"{name}{group[0].upper()}{group[1:]}" if present else "[]"
        lines.append(f"        {group}: {value}{tail}")
    lines.append("    )")
    for group, element in groups:
        items = entry[group]
        outside = entry["outsideTypes"] if group == "dataTypes" else []
        if not items and not outside:
            continue
        lines.append(f"    private static let {name}{group[0].upper()}{group[1:]}: [{element}] = [")
        for item in items:
            lines.append(f"        {item},")
        for comment, item in outside:
            lines.extend(f"        // {line}" for line in textwrap.wrap(comment, width=100))
            lines.append(f"        {item},")
        lines.append("    ]")
    return lines


def write_clusters(data_model, versions, output):
    ordered, files, derived_count = clusters(data_model, versions)
    out = []
    out.append("// Generated by Sources/MatterModelGenerator/generate.py from the Matter specification's data model")
    out.append("// (project-chip/connectedhomeip data_model/, versions " + ", ".join(versions) + "). Do not edit:")
    out.append("// run the generator again (the DocC article \"The Matter data model\" says how).")
    out.append("//")
    out.append(f"// {len(ordered)} clusters, from:")
    for entry in sorted(files, key=lambda entry: entry["where"]):
        out.append(f"//   {entry['where']} sha256:{entry['sha256']}")
    out.append("")
    out.append("extension MatterClusterDefinition {")
    out.append("    /// Every cluster of the specification's data model, by id; a derived cluster merged with its base.")
    out.append("    public static let specification: [MatterClusterDefinition] = [")
    for entry in ordered:
        out.append(f"        cluster{entry['id']:04X},")
    out.append("    ]")
    out.append("")
    out.append("    /// Every cluster's id and name, without the rest of its definition: what reading a cluster's name needs.")
    out.append("    public static let names: [(id: Int, name: String)] = [")
    for entry in ordered:
        out.append(f"        (0x{entry['id']:04X}, {swift_string(entry['name'])}),")
    out.append("    ]")
    out.append("")
    out.append("    /// The definition of the cluster `id`, or `nil`. Each cluster is a static of its own, initialized on first use,")
    out.append("    /// so a lookup builds that cluster alone: the clusters a registry uses cost memory, the whole table does not.")
    out.append("    static func generatedDefinition(id: Int) -> MatterClusterDefinition? {")
    out.append("        switch id {")
    for entry in ordered:
        out.append(f"        case 0x{entry['id']:04X}: return cluster{entry['id']:04X}")
    out.append("        default: return nil")
    out.append("        }")
    out.append("    }")
    for entry in ordered:
        out.append("")
        out.extend(swift_cluster(entry))
    out.append("}")
    text = "\n".join(out) + "\n"
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(text)
    format_swift(output)
    attributes = sum(len(entry["attributes"]) for entry in ordered)
    print(f"{len(ordered)} clusters ({attributes} attributes, {derived_count} files merged with their base) "
          f"written to {output}")


# MARK: - Global data types

GLOBAL_FILES = (("Structs.xml", "structs"), ("Enums.xml", "enums"), ("Bitmaps.xml", "bitmaps"),
                ("TypeDefs.xml", "typeDefs"))


def global_data_types(data_model, version, defined):
    """The global data types of `<version>/globals/` (Matter Core's structs, enums, bitmaps and named numbers that
    no cluster defines: `LocationDescriptorStruct`, `MeasurementAccuracyStruct`, `MeasurementTypeEnum`), by name,
    with the files they came from. A type some cluster file also defines (1.4's Descriptor cluster carries
    `SemanticTagStruct`) is left out: a cluster's types are looked up first, so its copy is the one used."""
    directory = os.path.join(data_model, version, "globals")
    if not os.path.isdir(directory):
        raise GeneratorError(f"no directory {directory}")
    types = {}
    files = []
    skipped = []
    for name, root_tag in GLOBAL_FILES:
        path = os.path.join(directory, name)
        where = f"{version}/globals/{name}"
        if not os.path.isfile(path):
            raise GeneratorError(f"no file {path}")
        try:
            root = ET.parse(path).getroot()
        except ET.ParseError as error:
            raise GeneratorError(f"{where}: {error}")
        if root.tag != root_tag:
            raise GeneratorError(f"{where}: the root is <{root.tag}>, not <{root_tag}>")
        with open(path, "rb") as handle:
            files.append({"where": where, "sha256": hashlib.sha256(handle.read()).hexdigest()})
        for node in root:
            type_name = node.get("name") or ""
            if type_name in types:
                raise GeneratorError(f"{where}: {type_name} is defined twice")
            if type_name in defined:
                skipped.append(type_name)
                continue
            types[type_name] = data_type(node, where)
    return [types[key] for key in sorted(types)], files, sorted(skipped)


def cluster_type_names(ordered):
    """The names of the data types the clusters define (each written `DataType(name: "…", …)`)."""
    return {line.split('"')[1] for entry in ordered for line in entry["dataTypes"]}


def write_globals(data_model, versions, globals_version, output):
    ordered_clusters, _, _ = clusters(data_model, versions)
    defined = cluster_type_names(ordered_clusters)
    types, files, skipped = global_data_types(data_model, globals_version, defined)
    out = []
    out.append("// Generated by Sources/MatterModelGenerator/generate.py from the Matter specification's data model")
    out.append(f"// (project-chip/connectedhomeip data_model/, version {globals_version}). Do not edit:")
    out.append("// run the generator again (the DocC article \"The Matter data model\" says how).")
    out.append("//")
    out.append(f"// {len(types)} global data types, from:")
    for entry in files:
        out.append(f"//   {entry['where']} sha256:{entry['sha256']}")
    if skipped:
        out.append("// Left out, as a cluster of versions " + ", ".join(versions) + " defines them: " + ", ".join(skipped)
                   + ".")
    out.append("")
    out.append("extension MatterClusterDefinition {")
    out.append("    /// The specification's global data types (Matter Core §7.19.3), by name: the structs, enums, bitmaps and")
    out.append("    /// named numbers cluster files use without defining (`LocationDescriptorStruct`, `MeasurementTypeEnum`).")
    out.append("    public static let globalDataTypes: [DataType] = [")
    for item in types:
        out.append(f"        {item},")
    out.append("    ]")
    out.append("}")
    text = "\n".join(out) + "\n"
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(text)
    format_swift(output)
    print(f"{len(types)} global data types ({len(skipped)} left out as clusters define them) written to {output}")


def write_device_types(data_model, versions, output):
    entries = {}
    sources = []
    for version in versions:
        directory = os.path.join(data_model, version, "device_types")
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
    out.append("// (project-chip/connectedhomeip data_model/, versions " + ", ".join(versions) + "). Do not edit:")
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
    with open(output, "w", encoding="utf-8") as handle:
        handle.write(text)
    format_swift(output)
    narrowed = sum(entry["narrowed"] for entry in ordered)
    print(f"{len(ordered)} device types written to {output} "
          f"({narrowed} narrowing elements of cluster requirements counted, not carried)")


def format_swift(path):
    # The checked-in file is `swift format` clean like every other source (CI lints it).
    swift = shutil.which("swift")
    if swift is None:
        raise GeneratorError("no `swift` on PATH to format the output with `swift format`")
    subprocess.run([swift, "format", "format", "-i", path], check=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("data_model", help="connectedhomeip's data_model directory")
    parser.add_argument("--versions", nargs="+", default=["1.4"], help="version directories, the generated one first")
    parser.add_argument("--device-types-output", help="the Swift file of device types to write")
    parser.add_argument("--clusters-output", help="the Swift file of clusters to write")
    parser.add_argument("--globals", help="the version directory whose globals/ holds the global data types (1.5)")
    parser.add_argument("--globals-output", help="the Swift file of global data types to write")
    arguments = parser.parse_args()
    if not arguments.device_types_output and not arguments.clusters_output and not arguments.globals_output:
        parser.error("give --device-types-output, --clusters-output, --globals-output or several")
    if bool(arguments.globals) != bool(arguments.globals_output):
        parser.error("give --globals and --globals-output together")
    # Every table is read before any is written, so a file the generator stops at leaves them all as they were.
    if arguments.clusters_output or arguments.globals_output:
        ordered, _, _ = clusters(arguments.data_model, arguments.versions)
    if arguments.globals_output:
        defined = cluster_type_names(ordered)
        global_data_types(arguments.data_model, arguments.globals, defined)
    if arguments.device_types_output:
        write_device_types(arguments.data_model, arguments.versions, arguments.device_types_output)
    if arguments.clusters_output:
        write_clusters(arguments.data_model, arguments.versions, arguments.clusters_output)
    if arguments.globals_output:
        write_globals(arguments.data_model, arguments.versions, arguments.globals, arguments.globals_output)




if __name__ == "__main__":
    try:
        main()
    except GeneratorError as error:
        print(f"generate.py: {error}", file=sys.stderr)
        sys.exit(1)
