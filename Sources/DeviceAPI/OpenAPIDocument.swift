/// The OpenAPI 3.1 document of `/v1`, served at `GET /v1/openapi.json` and kept in the repository: the routes, the
/// API-key bearer scheme, the error shape, the device object (device-file format), the change event, the long-poll
/// answer and 410. `OpenAPIDocumentTests` checks that it parses and that every operation is complete; CI runs
/// schemathesis against a live server with it (`.ci/schemathesis`).
public enum OpenAPIDocument {
    /// The document as JSON text (UTF-8).
    public static let json: String = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "Hearth device backend API",
            "version": "1.0.0",
            "description": "The manufacturer's device backend talks to Hearth here: users, devices, state, events and the change stream. Bodies use the device-file vocabulary (Matter names and units). Every call takes an API key (`hearth apikeys create`) as `Authorization: Bearer KEY`. Every write is one transaction."
          },
          "servers": [
            {
              "url": "/"
            }
          ],
          "security": [
            {
              "apiKey": []
            }
          ],
          "tags": [
            {
              "name": "users"
            },
            {
              "name": "devices"
            },
            {
              "name": "state"
            },
            {
              "name": "changes"
            },
            {
              "name": "meta"
            }
          ],
          "paths": {
            "/v1/openapi.json": {
              "get": {
                "operationId": "getOpenAPIDocument",
                "tags": [
                  "meta"
                ],
                "summary": "This document.",
                "responses": {
                  "200": {
                    "description": "The OpenAPI 3.1 document of /v1.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object"
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  }
                }
              }
            },
            "/v1/users/{agentUserId}": {
              "parameters": [
                {
                  "name": "agentUserId",
                  "in": "path",
                  "required": true,
                  "schema": {
                    "$ref": "#/components/schemas/Id"
                  },
                  "description": "Google's agent user id, as in the device file."
                }
              ],
              "put": {
                "operationId": "putUser",
                "tags": [
                  "users"
                ],
                "summary": "Create a user (idempotent).",
                "description": "Creates the user if it does not exist (201), else changes nothing (200). No body.",
                "responses": {
                  "201": {
                    "description": "Created.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/User"
                        }
                      }
                    }
                  },
                  "200": {
                    "description": "It already existed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/User"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "415": {
                    "$ref": "#/components/responses/UnsupportedMediaType"
                  }
                }
              },
              "delete": {
                "operationId": "deleteUser",
                "tags": [
                  "users"
                ],
                "summary": "Remove a user.",
                "description": "Removes its devices, revokes all its tokens, drops its queued HomeGraph work and stops reporting for it. One transaction.",
                "responses": {
                  "204": {
                    "description": "Removed."
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                }
              }
            },
            "/v1/users/{agentUserId}/devices": {
              "parameters": [
                {
                  "name": "agentUserId",
                  "in": "path",
                  "required": true,
                  "schema": {
                    "$ref": "#/components/schemas/Id"
                  },
                  "description": "Google's agent user id, as in the device file."
                }
              ],
              "get": {
                "operationId": "listDevices",
                "tags": [
                  "devices"
                ],
                "summary": "Every device of a user.",
                "responses": {
                  "200": {
                    "description": "The user's devices and the generation they are at.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DeviceList"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                }
              }
            },
            "/v1/users/{agentUserId}/devices/{deviceId}": {
              "parameters": [
                {
                  "name": "agentUserId",
                  "in": "path",
                  "required": true,
                  "schema": {
                    "$ref": "#/components/schemas/Id"
                  },
                  "description": "Google's agent user id, as in the device file."
                },
                {
                  "name": "deviceId",
                  "in": "path",
                  "required": true,
                  "schema": {
                    "$ref": "#/components/schemas/Id"
                  },
                  "description": "The device's `id`, unique per user."
                }
              ],
              "get": {
                "operationId": "getDevice",
                "tags": [
                  "devices"
                ],
                "summary": "One device, with its connectivity.",
                "responses": {
                  "200": {
                    "description": "The device.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DeviceResponse"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "description": "The device's version (a quoted string); send it back in `If-Match`.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  }
                }
              },
              "put": {
                "operationId": "putDevice",
                "tags": [
                  "devices"
                ],
                "summary": "Create or replace a device.",
                "description": "The body is one device object of the device file (README, \"Device file format\"), checked exactly as `hearth devices import` checks it; its `id` must equal the path's (or be left out). 201 when created, 200 when replaced; queues a Request Sync when its SYNC entry changed. The user must exist (`PUT /v1/users/{agentUserId}`).",
                "parameters": [
                  {
                    "name": "If-Match",
                    "in": "header",
                    "required": false,
                    "schema": {
                      "type": "string"
                    },
                    "description": "An ETag from `GET`: the write happens only if the device is unchanged since (else 412)."
                  }
                ],
                "requestBody": {
                  "required": true,
                  "description": "The device, in the device-file format.",
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/Device"
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "Created.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DeviceResponse"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "description": "The device's version (a quoted string); send it back in `If-Match`.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "200": {
                    "description": "Replaced.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DeviceResponse"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "description": "The device's version (a quoted string); send it back in `If-Match`.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "409": {
                    "$ref": "#/components/responses/Conflict"
                  },
                  "412": {
                    "$ref": "#/components/responses/PreconditionFailed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "415": {
                    "$ref": "#/components/responses/UnsupportedMediaType"
                  },
                  "422": {
                    "$ref": "#/components/responses/Unprocessable"
                  }
                }
              },
              "patch": {
                "operationId": "patchDevice",
                "tags": [
                  "devices"
                ],
                "summary": "Rename or move a device.",
                "description": "Changes any of `name`, `nicknames`, `room`, `structure` (`null` removes room or structure). A name over 60 Unicode code points is cut to 60 and `warnings` says so. Queues a Request Sync.",
                "parameters": [
                  {
                    "name": "If-Match",
                    "in": "header",
                    "required": false,
                    "schema": {
                      "type": "string"
                    },
                    "description": "An ETag from `GET`: the write happens only if the device is unchanged since (else 412)."
                  }
                ],
                "requestBody": {
                  "required": true,
                  "description": "The fields to change.",
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/DevicePatch"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The device as it now is.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DeviceResponse"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "description": "The device's version (a quoted string); send it back in `If-Match`.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "409": {
                    "$ref": "#/components/responses/Conflict"
                  },
                  "412": {
                    "$ref": "#/components/responses/PreconditionFailed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "415": {
                    "$ref": "#/components/responses/UnsupportedMediaType"
                  },
                  "422": {
                    "$ref": "#/components/responses/Unprocessable"
                  }
                }
              },
              "delete": {
                "operationId": "deleteDevice",
                "tags": [
                  "devices"
                ],
                "summary": "Remove a device.",
                "description": "The device leaves the next SYNC, its queued HomeGraph work is dropped and a Request Sync is queued.",
                "parameters": [
                  {
                    "name": "If-Match",
                    "in": "header",
                    "required": false,
                    "schema": {
                      "type": "string"
                    },
                    "description": "An ETag from `GET`: the write happens only if the device is unchanged since (else 412)."
                  }
                ],
                "responses": {
                  "204": {
                    "description": "Removed."
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "412": {
                    "$ref": "#/components/responses/PreconditionFailed"
                  }
                }
              }
            },
            "/v1/users/{agentUserId}/devices/{deviceId}/state": {
              "parameters": [
                {
                  "name": "agentUserId",
                  "in": "path",
                  "required": true,
                  "schema": {
                    "$ref": "#/components/schemas/Id"
                  },
                  "description": "Google's agent user id, as in the device file."
                },
                {
                  "name": "deviceId",
                  "in": "path",
                  "required": true,
                  "schema": {
                    "$ref": "#/components/schemas/Id"
                  },
                  "description": "The device's `id`, unique per user."
                }
              ],
              "patch": {
                "operationId": "patchDeviceState",
                "tags": [
                  "state"
                ],
                "summary": "Report a device's state.",
                "description": "The semantics of `hearth devices set`: the attributes given are set (Matter names and units, checked like the device file), `online` sets the connectivity of the endpoint (every endpoint when `endpoint` is left out). Queues a Report State in the same transaction.",
                "parameters": [
                  {
                    "name": "If-Match",
                    "in": "header",
                    "required": false,
                    "schema": {
                      "type": "string"
                    },
                    "description": "An ETag from `GET`: the write happens only if the device is unchanged since (else 412)."
                  }
                ],
                "requestBody": {
                  "required": true,
                  "description": "What changed.",
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/StateChange"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The device as it now is.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/DeviceResponse"
                        }
                      }
                    },
                    "headers": {
                      "ETag": {
                        "description": "The device's version (a quoted string); send it back in `If-Match`.",
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "412": {
                    "$ref": "#/components/responses/PreconditionFailed"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "415": {
                    "$ref": "#/components/responses/UnsupportedMediaType"
                  },
                  "422": {
                    "$ref": "#/components/responses/Unprocessable"
                  }
                }
              }
            },
            "/v1/state": {
              "post": {
                "operationId": "postStateBatch",
                "tags": [
                  "state"
                ],
                "summary": "Report many states at once.",
                "description": "Up to 1,000 changes, all or nothing: one bad change (named in `details` by its index, e.g. `/changes/17/clusters/OnOff/OnOff`) and nothing is written.",
                "requestBody": {
                  "required": true,
                  "description": "The changes.",
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/StateBatch"
                      }
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Every change was applied.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/StateBatchResult"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "415": {
                    "$ref": "#/components/responses/UnsupportedMediaType"
                  },
                  "422": {
                    "$ref": "#/components/responses/Unprocessable"
                  }
                }
              }
            },
            "/v1/users/{agentUserId}/devices/{deviceId}/events": {
              "parameters": [
                {
                  "name": "agentUserId",
                  "in": "path",
                  "required": true,
                  "schema": {
                    "$ref": "#/components/schemas/Id"
                  },
                  "description": "Google's agent user id, as in the device file."
                },
                {
                  "name": "deviceId",
                  "in": "path",
                  "required": true,
                  "schema": {
                    "$ref": "#/components/schemas/Id"
                  },
                  "description": "The device's `id`, unique per user."
                }
              ],
              "post": {
                "operationId": "postDeviceEvent",
                "tags": [
                  "state"
                ],
                "summary": "Send a device event to Google.",
                "description": "Queues the notification (e.g. a doorbell press) for HomeGraph.",
                "requestBody": {
                  "required": true,
                  "description": "The event.",
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/DeviceEventRequest"
                      }
                    }
                  }
                },
                "responses": {
                  "202": {
                    "description": "Queued.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/EventAccepted"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "413": {
                    "$ref": "#/components/responses/PayloadTooLarge"
                  },
                  "415": {
                    "$ref": "#/components/responses/UnsupportedMediaType"
                  },
                  "422": {
                    "$ref": "#/components/responses/Unprocessable"
                  }
                }
              }
            },
            "/v1/changes": {
              "get": {
                "operationId": "getChanges",
                "tags": [
                  "changes"
                ],
                "summary": "Every change, durable and resumable.",
                "description": "With `Accept: text/event-stream`: Server-Sent Events. Each event has `id:` its cursor (strictly increasing, durable), `event:` its kind (`command`, `state`, `device`, `user`, or `snapshot` first when `snapshot=true`) and `data:` one JSON object (`Change`, or `Snapshot`); a comment line (starting with `:`) every 15 s. Resume with `Last-Event-ID` or `after`: no gap, no duplicate, also across a restart.\n\nOtherwise: a JSON long-poll. Answers at once when a change after `after` exists, else waits up to `wait` seconds; `next` is the cursor to pass as `after` next time.\n\nA cursor older than the retention (`changes.retentionHours`) answers 410: take a snapshot (`snapshot=true`) and follow from there.",
                "parameters": [
                  {
                    "name": "after",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "integer",
                      "minimum": 0,
                      "format": "int64"
                    },
                    "description": "Only changes with a larger cursor (0: from the oldest kept)."
                  },
                  {
                    "name": "wait",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "integer",
                      "minimum": 0,
                      "maximum": 60
                    },
                    "description": "Long-poll only: seconds to wait for a change (default 25)."
                  },
                  {
                    "name": "snapshot",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "boolean"
                    },
                    "description": "Stream only: first one `snapshot` event per user."
                  },
                  {
                    "name": "user",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "$ref": "#/components/schemas/Id"
                    },
                    "description": "Only this user's changes."
                  },
                  {
                    "name": "types",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "pattern": "^(command|state|device|user)(,(command|state|device|user))*$"
                    },
                    "description": "Only these kinds, comma-separated, e.g. `command,state`."
                  },
                  {
                    "name": "Last-Event-ID",
                    "in": "header",
                    "required": false,
                    "schema": {
                      "type": "string",
                      "pattern": "^[0-9]{1,19}$"
                    },
                    "description": "Stream only: the last cursor received (what an EventSource sends on reconnect)."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The changes (long-poll), or the event stream.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "$ref": "#/components/schemas/ChangesPage"
                        }
                      },
                      "text/event-stream": {
                        "schema": {
                          "type": "string"
                        }
                      }
                    }
                  },
                  "400": {
                    "$ref": "#/components/responses/BadRequest"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "404": {
                    "$ref": "#/components/responses/NotFound"
                  },
                  "410": {
                    "$ref": "#/components/responses/Gone"
                  }
                }
              }
            }
          },
          "components": {
            "securitySchemes": {
              "apiKey": {
                "type": "http",
                "scheme": "bearer",
                "description": "An API key from `hearth apikeys create`."
              }
            },
            "schemas": {
              "Id": {
                "type": "string",
                "pattern": "^[A-Za-z0-9._:-]{1,128}$",
                "description": "An id: 1 to 128 characters from A-Z a-z 0-9 . _ ~ - (URL-safe, never escaped)."
              },
              "Error": {
                "type": "object",
                "required": [
                  "error",
                  "message"
                ],
                "description": "Every refusal on /v1. `error` is a stable code (`malformedJSON`, `invalidId`, `unknownField`, `unauthorized`, `notFound`, `generationMismatch`, `preconditionFailed`, `payloadTooLarge`, `unsupportedMediaType`, `invalidDevice`, `invalidState`, `cursorExpired`, …); `message` is for people.",
                "properties": {
                  "error": {
                    "type": "string"
                  },
                  "message": {
                    "type": "string"
                  },
                  "details": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/ErrorDetail"
                    }
                  }
                }
              },
              "ErrorDetail": {
                "type": "object",
                "required": [
                  "path",
                  "message"
                ],
                "properties": {
                  "path": {
                    "type": "string",
                    "description": "A JSON Pointer into the body, e.g. `/clusters/LevelControl/CurrentLevel`."
                  },
                  "message": {
                    "type": "string"
                  }
                }
              },
              "User": {
                "type": "object",
                "required": [
                  "agentUserId"
                ],
                "properties": {
                  "agentUserId": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9._:-]{1,128}$",
                    "description": "An id: 1 to 128 characters from A-Z a-z 0-9 . _ ~ - (URL-safe, never escaped)."
                  }
                }
              },
              "Clusters": {
                "type": "object",
                "description": "Matter cluster name → attribute name → value, in Matter units (`{\"OnOff\": {\"OnOff\": true}}`).",
                "additionalProperties": {
                  "type": "object",
                  "additionalProperties": {
                    "type": [
                      "boolean",
                      "integer",
                      "string",
                      "null"
                    ]
                  }
                }
              },
              "BasicInformation": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "vendorName": {
                    "type": "string"
                  },
                  "vendorID": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 65535
                  },
                  "productName": {
                    "type": "string"
                  },
                  "productID": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 65535
                  },
                  "serialNumber": {
                    "type": "string"
                  },
                  "uniqueID": {
                    "type": "string"
                  },
                  "hardwareVersionString": {
                    "type": "string"
                  },
                  "softwareVersionString": {
                    "type": "string"
                  }
                }
              },
              "Endpoint": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "deviceTypes": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "type": "string"
                    }
                  },
                  "deviceType": {
                    "type": "string"
                  },
                  "online": {
                    "type": "boolean"
                  },
                  "clusters": {
                    "$ref": "#/components/schemas/Clusters"
                  }
                }
              },
              "Device": {
                "type": "object",
                "required": [
                  "name"
                ],
                "additionalProperties": false,
                "description": "One device of the device file (README, \"Device file format\"). Either `deviceTypes`/`deviceType` with `clusters` and `online`, or `endpoints`.",
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9._:-]{1,128}$",
                    "description": "An id: 1 to 128 characters from A-Z a-z 0-9 . _ ~ - (URL-safe, never escaped)."
                  },
                  "name": {
                    "type": "string",
                    "minLength": 1
                  },
                  "nicknames": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "room": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "minLength": 1
                  },
                  "structure": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "minLength": 1
                  },
                  "deviceTypes": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "type": "string"
                    },
                    "description": "Matter device type names; the first is the primary type."
                  },
                  "deviceType": {
                    "type": "string",
                    "description": "One device type (instead of `deviceTypes`)."
                  },
                  "basicInformation": {
                    "$ref": "#/components/schemas/BasicInformation"
                  },
                  "otherDeviceIds": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "online": {
                    "type": "boolean",
                    "description": "Default true."
                  },
                  "clusters": {
                    "$ref": "#/components/schemas/Clusters"
                  },
                  "endpoints": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "$ref": "#/components/schemas/Endpoint"
                    }
                  },
                  "challenge": {
                    "oneOf": [
                      {
                        "type": "string",
                        "enum": [
                          "none",
                          "ack"
                        ]
                      },
                      {
                        "type": "object",
                        "properties": {
                          "type": {
                            "type": "string"
                          },
                          "pin": {
                            "type": "string"
                          },
                          "pinHash": {
                            "type": "string"
                          }
                        },
                        "additionalProperties": false
                      }
                    ]
                  },
                  "notificationSupportedByAgent": {
                    "type": "boolean"
                  }
                }
              },
              "DeviceResponse": {
                "type": "object",
                "required": [
                  "id",
                  "name"
                ],
                "description": "A device as Hearth holds it: the device-file object (every attribute filled; a PIN only as `pinHash`) plus `connectivity` and, after a PATCH that cut a name, `warnings`. Clients ignore members they do not know.",
                "properties": {
                  "id": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9._:-]{1,128}$",
                    "description": "An id: 1 to 128 characters from A-Z a-z 0-9 . _ ~ - (URL-safe, never escaped)."
                  },
                  "name": {
                    "type": "string",
                    "minLength": 1
                  },
                  "nicknames": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "room": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "minLength": 1
                  },
                  "structure": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "minLength": 1
                  },
                  "deviceTypes": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "type": "string"
                    },
                    "description": "Matter device type names; the first is the primary type."
                  },
                  "deviceType": {
                    "type": "string",
                    "description": "One device type (instead of `deviceTypes`)."
                  },
                  "basicInformation": {
                    "$ref": "#/components/schemas/BasicInformation"
                  },
                  "otherDeviceIds": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "online": {
                    "type": "boolean",
                    "description": "Default true."
                  },
                  "clusters": {
                    "$ref": "#/components/schemas/Clusters"
                  },
                  "endpoints": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "$ref": "#/components/schemas/Endpoint"
                    }
                  },
                  "challenge": {
                    "oneOf": [
                      {
                        "type": "string",
                        "enum": [
                          "none",
                          "ack"
                        ]
                      },
                      {
                        "type": "object",
                        "properties": {
                          "type": {
                            "type": "string"
                          },
                          "pin": {
                            "type": "string"
                          },
                          "pinHash": {
                            "type": "string"
                          }
                        },
                        "additionalProperties": false
                      }
                    ]
                  },
                  "notificationSupportedByAgent": {
                    "type": "boolean"
                  },
                  "connectivity": {
                    "type": "string",
                    "enum": [
                      "online",
                      "partiallyOnline",
                      "offline"
                    ]
                  },
                  "warnings": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/ErrorDetail"
                    }
                  }
                }
              },
              "DeviceList": {
                "type": "object",
                "required": [
                  "devices",
                  "generation"
                ],
                "properties": {
                  "devices": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/DeviceResponse"
                    }
                  },
                  "generation": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "Grows with every change to the user's devices."
                  }
                }
              },
              "DevicePatch": {
                "type": "object",
                "additionalProperties": false,
                "minProperties": 1,
                "properties": {
                  "name": {
                    "type": "string",
                    "minLength": 1,
                    "description": "Cut to 60 Unicode code points."
                  },
                  "nicknames": {
                    "type": "array",
                    "items": {
                      "type": "string"
                    }
                  },
                  "room": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "minLength": 1
                  },
                  "structure": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "minLength": 1
                  }
                }
              },
              "StateChange": {
                "type": "object",
                "additionalProperties": false,
                "properties": {
                  "clusters": {
                    "$ref": "#/components/schemas/Clusters"
                  },
                  "online": {
                    "type": "boolean"
                  },
                  "endpoint": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 65534,
                    "description": "The endpoint the change is for (default: the device's first, or every endpoint for `online`)."
                  }
                }
              },
              "StateBatch": {
                "type": "object",
                "required": [
                  "changes"
                ],
                "additionalProperties": false,
                "properties": {
                  "changes": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 1000,
                    "items": {
                      "$ref": "#/components/schemas/BatchStateChange"
                    }
                  }
                }
              },
              "BatchStateChange": {
                "type": "object",
                "required": [
                  "agentUserId",
                  "deviceId"
                ],
                "additionalProperties": false,
                "properties": {
                  "agentUserId": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9._:-]{1,128}$",
                    "description": "An id: 1 to 128 characters from A-Z a-z 0-9 . _ ~ - (URL-safe, never escaped)."
                  },
                  "deviceId": {
                    "type": "string",
                    "pattern": "^[A-Za-z0-9._:-]{1,128}$",
                    "description": "An id: 1 to 128 characters from A-Z a-z 0-9 . _ ~ - (URL-safe, never escaped)."
                  },
                  "clusters": {
                    "$ref": "#/components/schemas/Clusters"
                  },
                  "online": {
                    "type": "boolean"
                  },
                  "endpoint": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 65534
                  }
                }
              },
              "StateBatchResult": {
                "type": "object",
                "properties": {
                  "applied": {
                    "type": "integer",
                    "minimum": 0
                  }
                }
              },
              "DeviceEventRequest": {
                "type": "object",
                "required": [
                  "event"
                ],
                "additionalProperties": false,
                "properties": {
                  "event": {
                    "type": "string",
                    "enum": [
                      "doorbellPress"
                    ],
                    "description": "A device-side event. Sensor alarms (smoke, CO, water leak) are not sent here: they follow from a state change."
                  }
                }
              },
              "EventAccepted": {
                "type": "object",
                "properties": {
                  "event": {
                    "type": "string"
                  }
                }
              },
              "Change": {
                "type": "object",
                "required": [
                  "cursor",
                  "kind",
                  "agentUserId",
                  "occurred"
                ],
                "description": "One change: the `data:` of an SSE event and each element of a long-poll's `changes`. `command`: `endpoint`, `command` (`LevelControl.MoveToLevelWithOnOff`), `arguments`, `changed`, `requestId`. `state`: `endpoint`, `clusters`, `online`, `by`. `device`: `change`, `device`. `user`: `change`.",
                "properties": {
                  "cursor": {
                    "type": "integer",
                    "minimum": 1,
                    "format": "int64"
                  },
                  "kind": {
                    "type": "string",
                    "enum": [
                      "command",
                      "state",
                      "device",
                      "user"
                    ]
                  },
                  "agentUserId": {
                    "type": "string"
                  },
                  "deviceId": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "description": "Absent (or null) for `user` changes."
                  },
                  "occurred": {
                    "type": "string",
                    "format": "date-time",
                    "description": "RFC 3339, UTC, milliseconds: `2026-11-24T02:30:00.123Z`."
                  },
                  "endpoint": {
                    "type": "integer"
                  },
                  "command": {
                    "type": "string",
                    "description": "`Cluster.Command`, Matter names."
                  },
                  "arguments": {
                    "type": "object",
                    "description": "The command's arguments, Matter units."
                  },
                  "changed": {
                    "$ref": "#/components/schemas/Clusters"
                  },
                  "requestId": {
                    "type": "string",
                    "description": "Google's requestId of the EXECUTE."
                  },
                  "clusters": {
                    "$ref": "#/components/schemas/Clusters"
                  },
                  "online": {
                    "type": "boolean"
                  },
                  "by": {
                    "type": "string",
                    "enum": [
                      "google",
                      "api",
                      "cli"
                    ]
                  },
                  "change": {
                    "type": "string",
                    "enum": [
                      "added",
                      "replaced",
                      "renamed",
                      "removed",
                      "created",
                      "linked",
                      "unlinked"
                    ]
                  },
                  "device": {
                    "type": "object",
                    "description": "The device in the device-file format."
                  }
                }
              },
              "Snapshot": {
                "type": "object",
                "required": [
                  "cursor",
                  "agentUserId",
                  "devices"
                ],
                "description": "The `data:` of a `snapshot` event: every device of one user, consistent with `cursor` (the changes after it follow).",
                "properties": {
                  "cursor": {
                    "type": "integer",
                    "minimum": 0,
                    "format": "int64"
                  },
                  "agentUserId": {
                    "type": "string"
                  },
                  "devices": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/DeviceResponse"
                    }
                  }
                }
              },
              "ChangesPage": {
                "type": "object",
                "required": [
                  "changes",
                  "next"
                ],
                "properties": {
                  "changes": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Change"
                    }
                  },
                  "next": {
                    "type": "integer",
                    "minimum": 0,
                    "format": "int64"
                  }
                }
              }
            },
            "responses": {
              "BadRequest": {
                "description": "Malformed JSON, a bad id or a bad query parameter.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Unauthorized": {
                "description": "No API key, or not a valid one (also a Google token). Repeated bad keys are slowed.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                },
                "headers": {
                  "WWW-Authenticate": {
                    "schema": {
                      "type": "string"
                    }
                  }
                }
              },
              "NotFound": {
                "description": "Unknown user or device.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Conflict": {
                "description": "The user's devices changed meanwhile (generation mismatch).",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "PreconditionFailed": {
                "description": "`If-Match` does not match the device's ETag.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "PayloadTooLarge": {
                "description": "The body is over the limit.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "UnsupportedMediaType": {
                "description": "The body is not `application/json`.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Unprocessable": {
                "description": "Valid JSON, but not a valid device, state or event; `details` says where.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              },
              "Gone": {
                "description": "The cursor is older than `changes.retentionHours`: take a snapshot (`snapshot=true`) and follow from its cursor.",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/Error"
                    }
                  }
                }
              }
            }
          }
        }
        """#
}
