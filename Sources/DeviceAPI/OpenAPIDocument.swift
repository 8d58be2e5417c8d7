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
            "description": "The manufacturer's device backend talks to Hearth here: users, devices, state, events and the change stream. Bodies use the device-file vocabulary (Matter names and units). Every call takes an API key (`hearth apikeys create`) as `Authorization: Bearer KEY`. Every write is one transaction. Answers are described exactly (`additionalProperties: false`); later versions may add members, so clients ignore those they do not know. A method a path does not list answers 405 with `Allow`; a path not listed answers 404."
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
                          "type": "object",
                          "required": [
                            "openapi",
                            "info",
                            "paths",
                            "components"
                          ]
                        }
                      }
                    }
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "503": {
                    "$ref": "#/components/responses/Unavailable"
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
                          "allOf": [
                            {
                              "$ref": "#/components/schemas/User"
                            }
                          ],
                          "properties": {
                            "created": {
                              "const": true
                            }
                          }
                        }
                      }
                    },
                    "links": {
                      "ListDevices": {
                        "operationId": "listDevices",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId"
                        }
                      },
                      "PutDevice": {
                        "operationId": "putDevice",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId"
                        }
                      },
                      "DeleteUser": {
                        "operationId": "deleteUser",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId"
                        }
                      }
                    }
                  },
                  "200": {
                    "description": "It existed already; nothing changed.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "allOf": [
                            {
                              "$ref": "#/components/schemas/User"
                            }
                          ],
                          "properties": {
                            "created": {
                              "const": false
                            }
                          }
                        }
                      }
                    },
                    "links": {
                      "ListDevices": {
                        "operationId": "listDevices",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId"
                        }
                      },
                      "PutDevice": {
                        "operationId": "putDevice",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId"
                        }
                      },
                      "DeleteUser": {
                        "operationId": "deleteUser",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId"
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
                  "503": {
                    "$ref": "#/components/responses/Unavailable"
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
                  },
                  "503": {
                    "$ref": "#/components/responses/Unavailable"
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
                  },
                  "503": {
                    "$ref": "#/components/responses/Unavailable"
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
                        "description": "The device's version, a strong entity tag (`\"0123456789abcdef\"`); send it back in `If-Match`.",
                        "required": true,
                        "schema": {
                          "type": "string",
                          "pattern": "^\"[0-9a-f]{16}\"$"
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
                  "503": {
                    "$ref": "#/components/responses/Unavailable"
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
                    "description": "An ETag from `GET` (or `*`): the write happens only if the device is unchanged since (else 412, and nothing is written)."
                  }
                ],
                "requestBody": {
                  "required": true,
                  "description": "The device, in the device-file format.",
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/Device"
                      },
                      "example": {
                        "name": "Kitchen ceiling",
                        "room": "Kitchen",
                        "deviceTypes": [
                          "DimmableLight"
                        ],
                        "clusters": {
                          "OnOff": {
                            "OnOff": false
                          },
                          "LevelControl": {
                            "CurrentLevel": 100
                          }
                        }
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
                        "description": "The device's version, a strong entity tag (`\"0123456789abcdef\"`); send it back in `If-Match`.",
                        "required": true,
                        "schema": {
                          "type": "string",
                          "pattern": "^\"[0-9a-f]{16}\"$"
                        }
                      }
                    },
                    "links": {
                      "GetDevice": {
                        "operationId": "getDevice",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId",
                          "deviceId": "$request.path.deviceId"
                        }
                      },
                      "PatchDevice": {
                        "operationId": "patchDevice",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId",
                          "deviceId": "$request.path.deviceId"
                        }
                      },
                      "PatchDeviceState": {
                        "operationId": "patchDeviceState",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId",
                          "deviceId": "$request.path.deviceId"
                        }
                      },
                      "PostDeviceEvent": {
                        "operationId": "postDeviceEvent",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId",
                          "deviceId": "$request.path.deviceId"
                        }
                      },
                      "DeleteDevice": {
                        "operationId": "deleteDevice",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId",
                          "deviceId": "$request.path.deviceId"
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
                        "description": "The device's version, a strong entity tag (`\"0123456789abcdef\"`); send it back in `If-Match`.",
                        "required": true,
                        "schema": {
                          "type": "string",
                          "pattern": "^\"[0-9a-f]{16}\"$"
                        }
                      }
                    },
                    "links": {
                      "GetDevice": {
                        "operationId": "getDevice",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId",
                          "deviceId": "$request.path.deviceId"
                        }
                      },
                      "PatchDevice": {
                        "operationId": "patchDevice",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId",
                          "deviceId": "$request.path.deviceId"
                        }
                      },
                      "PatchDeviceState": {
                        "operationId": "patchDeviceState",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId",
                          "deviceId": "$request.path.deviceId"
                        }
                      },
                      "PostDeviceEvent": {
                        "operationId": "postDeviceEvent",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId",
                          "deviceId": "$request.path.deviceId"
                        }
                      },
                      "DeleteDevice": {
                        "operationId": "deleteDevice",
                        "parameters": {
                          "agentUserId": "$request.path.agentUserId",
                          "deviceId": "$request.path.deviceId"
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
                  },
                  "503": {
                    "$ref": "#/components/responses/Unavailable"
                  }
                }
              },
              "patch": {
                "operationId": "patchDevice",
                "tags": [
                  "devices"
                ],
                "summary": "Rename or move a device.",
                "description": "Changes any of `name`, `nicknames`, `room`, `structure` (`null` removes room or structure). A name over 60 Unicode code points is cut to 60 and the answer has `nameTruncated` and `warnings`. Queues a Request Sync when the SYNC entry changed.",
                "parameters": [
                  {
                    "name": "If-Match",
                    "in": "header",
                    "required": false,
                    "schema": {
                      "type": "string"
                    },
                    "description": "An ETag from `GET` (or `*`): the write happens only if the device is unchanged since (else 412, and nothing is written)."
                  }
                ],
                "requestBody": {
                  "required": true,
                  "description": "The fields to change.",
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/DevicePatch"
                      },
                      "example": {
                        "name": "Ceiling",
                        "nicknames": [
                          "Big light"
                        ],
                        "room": null
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
                        "description": "The device's version, a strong entity tag (`\"0123456789abcdef\"`); send it back in `If-Match`.",
                        "required": true,
                        "schema": {
                          "type": "string",
                          "pattern": "^\"[0-9a-f]{16}\"$"
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
                  },
                  "503": {
                    "$ref": "#/components/responses/Unavailable"
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
                    "description": "An ETag from `GET` (or `*`): the write happens only if the device is unchanged since (else 412, and nothing is written)."
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
                  },
                  "503": {
                    "$ref": "#/components/responses/Unavailable"
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
                "description": "The semantics of `hearth devices set`: the attributes given are set (Matter names and units, checked like the device file), `online` sets the connectivity of the endpoint (every endpoint when `endpoint` is left out). Queues a Report State in the same transaction. No `If-Match`: a state report always applies.",
                "requestBody": {
                  "required": true,
                  "description": "What changed.",
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/StateChange"
                      },
                      "example": {
                        "clusters": {
                          "OnOff": {
                            "OnOff": true
                          }
                        }
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
                        "description": "The device's version, a strong entity tag (`\"0123456789abcdef\"`); send it back in `If-Match`.",
                        "required": true,
                        "schema": {
                          "type": "string",
                          "pattern": "^\"[0-9a-f]{16}\"$"
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
                  },
                  "503": {
                    "$ref": "#/components/responses/Unavailable"
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
                      },
                      "example": {
                        "changes": [
                          {
                            "agentUserId": "demo-user",
                            "deviceId": "kitchen-ceiling",
                            "online": false
                          }
                        ]
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
                  },
                  "503": {
                    "$ref": "#/components/responses/Unavailable"
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
                "description": "Queues the notification (a doorbell press; a smoke, CO or water-leak alarm with `value`) for HomeGraph.",
                "requestBody": {
                  "required": true,
                  "description": "The event.",
                  "content": {
                    "application/json": {
                      "schema": {
                        "$ref": "#/components/schemas/DeviceEventRequest"
                      },
                      "example": {
                        "event": "doorbellPress"
                      }
                    }
                  }
                },
                "responses": {
                  "202": {
                    "description": "Accepted; `queued` says whether a notification was queued.",
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
                  },
                  "503": {
                    "$ref": "#/components/responses/Unavailable"
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
                "description": "With `Accept: text/event-stream`: Server-Sent Events. Each event has `id:` its cursor (strictly increasing, durable), `event:` its kind (`command`, `state`, `device`, `user`, or `snapshot` first when `snapshot=true`) and `data:` one JSON object (`Change`, or `Snapshot`); a comment line (starting with `:`) every 15 s. Resume with `Last-Event-ID` or `after`: no gap, no duplicate, also across a restart.\n\nOtherwise: a JSON long-poll. Answers at once when a change after `after` exists, else waits up to `wait` seconds; `next` is the cursor to pass as `after` next time.\n\nA cursor older than the retention (`changes.retentionHours`), or one this Hearth never gave, answers 410: take a snapshot (`snapshot=true`) and follow from there.",
                "parameters": [
                  {
                    "name": "after",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "integer",
                      "minimum": 0,
                      "maximum": 9223372036854775807,
                      "format": "int64"
                    },
                    "description": "Only changes with a larger cursor (0: from the oldest kept). Without it (and without `Last-Event-ID`): from now."
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
                    "description": "Long-poll only: seconds to wait for a change (default 0)."
                  },
                  {
                    "name": "limit",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "integer",
                      "minimum": 1,
                      "maximum": 1000
                    },
                    "description": "Long-poll only: at most this many changes (default 500)."
                  },
                  {
                    "name": "snapshot",
                    "in": "query",
                    "required": false,
                    "schema": {
                      "type": "boolean"
                    },
                    "description": "First every user's devices and the cursor they are consistent with: one `snapshot` event per user (stream), or `snapshot` (long-poll)."
                  },
                  {
                    "name": "user",
                    "in": "query",
                    "required": false,
                    "style": "form",
                    "explode": true,
                    "schema": {
                      "type": "array",
                      "items": {
                        "$ref": "#/components/schemas/Id"
                      }
                    },
                    "description": "Only these users' changes (repeat the parameter for several)."
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
                      "pattern": "^(0|[1-9][0-9]{0,17}|[1-8][0-9]{18}|9[0-1][0-9]{17}|92[0-1][0-9]{16}|922[0-2][0-9]{15}|9223[0-2][0-9]{14}|92233[0-6][0-9]{13}|922337[0-1][0-9]{12}|92233720[0-2][0-9]{10}|922337203[0-5][0-9]{9}|9223372036[0-7][0-9]{8}|92233720368[0-4][0-9]{7}|922337203685[0-3][0-9]{6}|9223372036854[0-6][0-9]{5}|92233720368547[0-6][0-9]{4}|922337203685477[0-4][0-9]{3}|9223372036854775[0-7][0-9]{2}|922337203685477580[0-6]|9223372036854775807)$"
                    },
                    "description": "Stream only: the last cursor received (what an EventSource sends on reconnect), a cursor as Hearth sent it: a decimal number 0…9223372036854775807 without leading zeros; it wins over `after`."
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
                    "$ref": "#/components/responses/BadParameter"
                  },
                  "401": {
                    "$ref": "#/components/responses/Unauthorized"
                  },
                  "410": {
                    "$ref": "#/components/responses/Gone"
                  },
                  "503": {
                    "$ref": "#/components/responses/Unavailable"
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
                "not": {
                  "enum": [
                    ".",
                    ".."
                  ]
                },
                "description": "An id: 1 to 128 characters from A-Z a-z 0-9 . _ : -, and not `.` or `..`. In a path it may be percent-encoded (`%3A` for `:`); Hearth decodes it before checking it."
              },
              "Error": {
                "type": "object",
                "description": "Every refusal on /v1 (and the listener's own: a body over `http.maxBodyBytes` 413, a framing error 400, too many query arguments 414, an unknown transfer coding 501): `error` a stable code, `message` for people, `details` where in the request.",
                "required": [
                  "error",
                  "message"
                ],
                "additionalProperties": false,
                "properties": {
                  "error": {
                    "type": "string",
                    "description": "A stable code; each response names the codes it can carry."
                  },
                  "message": {
                    "type": "string",
                    "description": "For people."
                  },
                  "details": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "$ref": "#/components/schemas/ErrorDetail"
                    },
                    "description": "Present only when there are some."
                  }
                }
              },
              "ErrorDetail": {
                "type": "object",
                "required": [
                  "path",
                  "message"
                ],
                "additionalProperties": false,
                "properties": {
                  "path": {
                    "type": "string",
                    "description": "A JSON Pointer into the body (`/clusters/LevelControl/CurrentLevel`, `/changes/17/online`, `\"\"` for the whole body), or the name of the query parameter or header (`after`, `Last-Event-ID`)."
                  },
                  "message": {
                    "type": "string"
                  }
                }
              },
              "Warning": {
                "type": "object",
                "description": "What Hearth changed in what it was given (a name cut to 60 Unicode code points).",
                "required": [
                  "path",
                  "message"
                ],
                "additionalProperties": false,
                "properties": {
                  "path": {
                    "type": "string",
                    "const": "/name"
                  },
                  "message": {
                    "type": "string"
                  }
                }
              },
              "User": {
                "type": "object",
                "required": [
                  "agentUserId",
                  "created"
                ],
                "additionalProperties": false,
                "properties": {
                  "agentUserId": {
                    "$ref": "#/components/schemas/Id"
                  },
                  "created": {
                    "type": "boolean",
                    "description": "true with 201, false with 200."
                  }
                }
              },
              "AttributeValue": {
                "type": [
                  "boolean",
                  "integer",
                  "string",
                  "null"
                ],
                "pattern": "^[^\\u0000]*$",
                "description": "A Matter attribute value in Matter units; `null` for a nullable attribute at null. A string holds any character but U+0000 (refused with 422: the registry stores no NUL)."
              },
              "Clusters": {
                "type": "object",
                "description": "Matter cluster name → attribute name → value, in Matter units (`{\"OnOff\": {\"OnOff\": true}}`).",
                "additionalProperties": {
                  "type": "object",
                  "additionalProperties": {
                    "$ref": "#/components/schemas/AttributeValue"
                  }
                }
              },
              "BasicInformation": {
                "type": "object",
                "description": "The Basic Information cluster's identity fields; `null` is the same as leaving a field out.",
                "additionalProperties": false,
                "properties": {
                  "vendorName": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "^[^\\u0000]*$"
                  },
                  "vendorID": {
                    "type": [
                      "integer",
                      "null"
                    ],
                    "minimum": 0,
                    "maximum": 65535
                  },
                  "productName": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "^[^\\u0000]*$"
                  },
                  "productID": {
                    "type": [
                      "integer",
                      "null"
                    ],
                    "minimum": 0,
                    "maximum": 65535
                  },
                  "serialNumber": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "^[^\\u0000]*$"
                  },
                  "uniqueID": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "^[^\\u0000]*$"
                  },
                  "hardwareVersionString": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "^[^\\u0000]*$"
                  },
                  "softwareVersionString": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "^[^\\u0000]*$"
                  }
                }
              },
              "DeviceType": {
                "type": "string",
                "enum": [
                  "OnOffLight",
                  "DimmableLight",
                  "ColorTemperatureLight",
                  "ExtendedColorLight",
                  "OnOffPlugInUnit",
                  "Fan",
                  "AirPurifier",
                  "Thermostat",
                  "RoomAirConditioner",
                  "TemperatureSensor",
                  "HumiditySensor",
                  "WindowCovering",
                  "DoorLock",
                  "ContactSensor",
                  "OccupancySensor",
                  "WaterLeakDetector",
                  "SmokeCOAlarm",
                  "DimmablePlugInUnit",
                  "Speaker",
                  "RoboticVacuumCleaner",
                  "LaundryWasher",
                  "Dishwasher",
                  "Doorbell"
                ],
                "description": "A Matter device type Hearth models."
              },
              "Endpoint": {
                "type": "object",
                "description": "One endpoint of a composed device; `null` is the same as leaving a field out.",
                "additionalProperties": false,
                "properties": {
                  "deviceTypes": {
                    "type": [
                      "array",
                      "null"
                    ],
                    "minItems": 1,
                    "uniqueItems": true,
                    "items": {
                      "$ref": "#/components/schemas/DeviceType"
                    },
                    "description": "Matter device type names (`DimmableLight`); the first is the primary type."
                  },
                  "deviceType": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/DeviceType"
                      },
                      {
                        "type": "null"
                      }
                    ],
                    "description": "One device type (instead of `deviceTypes`)."
                  },
                  "online": {
                    "type": [
                      "boolean",
                      "null"
                    ],
                    "description": "Default true."
                  },
                  "clusters": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/Clusters"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  }
                }
              },
              "Device": {
                "type": "object",
                "description": "One device of the device file (README, \"Device file format\"), what `PUT` takes: `deviceTypes` (or `deviceType`) with `clusters` and `online`, or `endpoints`. `null` is the same as leaving a field out. Hearth checks it exactly as `hearth devices import` does (device types, the clusters they allow, attribute ranges); what this schema cannot say is refused with 422 and the import's message.",
                "required": [
                  "name"
                ],
                "additionalProperties": false,
                "properties": {
                  "id": {
                    "$ref": "#/components/schemas/Id"
                  },
                  "name": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$",
                    "minLength": 1
                  },
                  "nicknames": {
                    "type": [
                      "array",
                      "null"
                    ],
                    "items": {
                      "type": "string",
                      "pattern": "^[^\\u0000]*$",
                      "minLength": 1
                    }
                  },
                  "room": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "^[^\\u0000]*$",
                    "minLength": 1
                  },
                  "structure": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "^[^\\u0000]*$",
                    "minLength": 1
                  },
                  "deviceTypes": {
                    "type": [
                      "array",
                      "null"
                    ],
                    "minItems": 1,
                    "uniqueItems": true,
                    "items": {
                      "$ref": "#/components/schemas/DeviceType"
                    },
                    "description": "Matter device type names (`DimmableLight`); the first is the primary type."
                  },
                  "deviceType": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/DeviceType"
                      },
                      {
                        "type": "null"
                      }
                    ],
                    "description": "One device type (instead of `deviceTypes`)."
                  },
                  "basicInformation": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/BasicInformation"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "otherDeviceIds": {
                    "type": [
                      "array",
                      "null"
                    ],
                    "items": {
                      "type": "string",
                      "pattern": "^[^\\u0000]*$",
                      "minLength": 1
                    }
                  },
                  "online": {
                    "type": [
                      "boolean",
                      "null"
                    ],
                    "description": "Default true."
                  },
                  "clusters": {
                    "oneOf": [
                      {
                        "$ref": "#/components/schemas/Clusters"
                      },
                      {
                        "type": "null"
                      }
                    ]
                  },
                  "endpoints": {
                    "type": [
                      "array",
                      "null"
                    ],
                    "minItems": 1,
                    "maxItems": 255,
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
                        "additionalProperties": false,
                        "properties": {
                          "type": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "enum": [
                              "none",
                              "ack",
                              "pin"
                            ]
                          },
                          "pin": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "pattern": "^[0-9]{4,12}$",
                            "description": "4 to 12 digits; stored only as a hash."
                          },
                          "pinHash": {
                            "type": [
                              "string",
                              "null"
                            ],
                            "pattern": "^[^\\u0000]*$",
                            "description": "A hash as `hearth devices list` writes it."
                          }
                        }
                      },
                      {
                        "type": "null"
                      }
                    ],
                    "description": "`none` (default), `ack`, or a PIN: `{\"pin\": \"1234\"}`."
                  },
                  "notificationSupportedByAgent": {
                    "type": [
                      "boolean",
                      "null"
                    ]
                  }
                }
              },
              "StoredClusters": {
                "type": "object",
                "description": "Every attribute Hearth models, filled, for each cluster of the endpoint.",
                "additionalProperties": {
                  "type": "object",
                  "additionalProperties": {
                    "$ref": "#/components/schemas/AttributeValue"
                  }
                }
              },
              "StoredEndpoint": {
                "type": "object",
                "description": "One endpoint of a stored composed device: `deviceType` for one type, `deviceTypes` for several.",
                "required": [
                  "online",
                  "clusters"
                ],
                "additionalProperties": false,
                "properties": {
                  "deviceType": {
                    "type": "string"
                  },
                  "deviceTypes": {
                    "type": "array",
                    "minItems": 2,
                    "uniqueItems": true,
                    "items": {
                      "type": "string"
                    }
                  },
                  "online": {
                    "type": "boolean"
                  },
                  "clusters": {
                    "$ref": "#/components/schemas/StoredClusters"
                  }
                },
                "oneOf": [
                  {
                    "required": [
                      "deviceType"
                    ]
                  },
                  {
                    "required": [
                      "deviceTypes"
                    ]
                  }
                ]
              },
              "StoredChallenge": {
                "oneOf": [
                  {
                    "type": "string",
                    "const": "ack"
                  },
                  {
                    "type": "object",
                    "required": [
                      "pinHash"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "pinHash": {
                        "type": "string"
                      }
                    }
                  }
                ],
                "description": "`ack`, or a PIN as its hash (never in clear); absent for `none`."
              },
              "StoredDevice": {
                "type": "object",
                "description": "A device as Hearth holds it, in the device-file format: every attribute filled, empty lists and absent fields left out, one endpoint written at the top level (`deviceTypes`, `online`, `clusters`) and several as `endpoints`.",
                "required": [
                  "id",
                  "name"
                ],
                "additionalProperties": false,
                "properties": {
                  "id": {
                    "type": "string",
                    "minLength": 1,
                    "description": "The device's id (an `Id` when it came through /v1)."
                  },
                  "name": {
                    "type": "string",
                    "minLength": 1
                  },
                  "nicknames": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "type": "string",
                      "minLength": 1
                    }
                  },
                  "room": {
                    "type": "string",
                    "minLength": 1
                  },
                  "structure": {
                    "type": "string",
                    "minLength": 1
                  },
                  "basicInformation": {
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
                    },
                    "minProperties": 1
                  },
                  "otherDeviceIds": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "type": "string",
                      "minLength": 1
                    }
                  },
                  "deviceTypes": {
                    "type": "array",
                    "minItems": 1,
                    "uniqueItems": true,
                    "items": {
                      "type": "string"
                    },
                    "description": "Matter device type names (`DimmableLight`); the first is the primary type."
                  },
                  "online": {
                    "type": "boolean"
                  },
                  "clusters": {
                    "$ref": "#/components/schemas/StoredClusters"
                  },
                  "endpoints": {
                    "type": "array",
                    "minItems": 2,
                    "maxItems": 255,
                    "items": {
                      "$ref": "#/components/schemas/StoredEndpoint"
                    }
                  },
                  "challenge": {
                    "$ref": "#/components/schemas/StoredChallenge"
                  },
                  "notificationSupportedByAgent": {
                    "type": "boolean",
                    "const": true
                  }
                },
                "oneOf": [
                  {
                    "required": [
                      "deviceTypes",
                      "online",
                      "clusters"
                    ]
                  },
                  {
                    "required": [
                      "endpoints"
                    ]
                  }
                ]
              },
              "RecordedChallenge": {
                "oneOf": [
                  {
                    "type": "string",
                    "const": "ack"
                  },
                  {
                    "type": "object",
                    "required": [
                      "pinHash"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "pinHash": {
                        "type": "string"
                      }
                    }
                  },
                  {
                    "type": "object",
                    "required": [
                      "type"
                    ],
                    "additionalProperties": false,
                    "properties": {
                      "type": {
                        "type": "string",
                        "const": "pin"
                      }
                    }
                  }
                ],
                "description": "`ack`, or a PIN: `{\"type\": \"pin\"}` (the hash is left out of the change log), or `pinHash` in a change recorded by an import of a file that gave one."
              },
              "RecordedDevice": {
                "type": "object",
                "description": "A device as a `device` change records it: a `StoredDevice`, but a PIN shows as `{\"type\": \"pin\"}`.",
                "required": [
                  "id",
                  "name"
                ],
                "additionalProperties": false,
                "properties": {
                  "id": {
                    "type": "string",
                    "minLength": 1,
                    "description": "The device's id (an `Id` when it came through /v1)."
                  },
                  "name": {
                    "type": "string",
                    "minLength": 1
                  },
                  "nicknames": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "type": "string",
                      "minLength": 1
                    }
                  },
                  "room": {
                    "type": "string",
                    "minLength": 1
                  },
                  "structure": {
                    "type": "string",
                    "minLength": 1
                  },
                  "basicInformation": {
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
                    },
                    "minProperties": 1
                  },
                  "otherDeviceIds": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "type": "string",
                      "minLength": 1
                    }
                  },
                  "deviceTypes": {
                    "type": "array",
                    "minItems": 1,
                    "uniqueItems": true,
                    "items": {
                      "type": "string"
                    },
                    "description": "Matter device type names (`DimmableLight`); the first is the primary type."
                  },
                  "online": {
                    "type": "boolean"
                  },
                  "clusters": {
                    "$ref": "#/components/schemas/StoredClusters"
                  },
                  "endpoints": {
                    "type": "array",
                    "minItems": 2,
                    "maxItems": 255,
                    "items": {
                      "$ref": "#/components/schemas/StoredEndpoint"
                    }
                  },
                  "challenge": {
                    "$ref": "#/components/schemas/RecordedChallenge"
                  },
                  "notificationSupportedByAgent": {
                    "type": "boolean",
                    "const": true
                  }
                },
                "oneOf": [
                  {
                    "required": [
                      "deviceTypes",
                      "online",
                      "clusters"
                    ]
                  },
                  {
                    "required": [
                      "endpoints"
                    ]
                  }
                ]
              },
              "Connectivity": {
                "type": "object",
                "description": "Reachability: `online` when every endpoint is, `offline` when none is.",
                "required": [
                  "state",
                  "endpoints"
                ],
                "additionalProperties": false,
                "properties": {
                  "state": {
                    "type": "string",
                    "enum": [
                      "online",
                      "partiallyOnline",
                      "offline"
                    ]
                  },
                  "endpoints": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 255,
                    "items": {
                      "type": "object",
                      "required": [
                        "endpoint",
                        "online"
                      ],
                      "additionalProperties": false,
                      "properties": {
                        "endpoint": {
                          "type": "integer",
                          "minimum": 1,
                          "maximum": 255
                        },
                        "online": {
                          "type": "boolean"
                        }
                      }
                    }
                  }
                }
              },
              "DeviceResponse": {
                "type": "object",
                "description": "What `GET`, `PUT`, `PATCH` of a device and `PATCH …/state` answer: the device and its connectivity; after a `PATCH` that cut a name to 60 code points also `nameTruncated` and `warnings`.",
                "required": [
                  "device",
                  "connectivity"
                ],
                "additionalProperties": false,
                "properties": {
                  "device": {
                    "$ref": "#/components/schemas/StoredDevice"
                  },
                  "connectivity": {
                    "$ref": "#/components/schemas/Connectivity"
                  },
                  "nameTruncated": {
                    "type": "boolean",
                    "const": true,
                    "description": "Only after a PATCH that cut the name."
                  },
                  "warnings": {
                    "type": "array",
                    "minItems": 1,
                    "items": {
                      "$ref": "#/components/schemas/Warning"
                    }
                  }
                },
                "dependentRequired": {
                  "nameTruncated": [
                    "warnings"
                  ],
                  "warnings": [
                    "nameTruncated"
                  ]
                }
              },
              "DeviceList": {
                "type": "object",
                "required": [
                  "devices",
                  "generation"
                ],
                "additionalProperties": false,
                "properties": {
                  "devices": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/StoredDevice"
                    }
                  },
                  "generation": {
                    "type": "integer",
                    "minimum": 0,
                    "format": "int64",
                    "description": "The registry's change counter the list is consistent with."
                  }
                }
              },
              "DevicePatch": {
                "type": "object",
                "description": "Any of these; `null` removes room or structure. `{}` changes nothing.",
                "additionalProperties": false,
                "properties": {
                  "name": {
                    "type": "string",
                    "pattern": "^[^\\u0000]*$",
                    "minLength": 1,
                    "description": "Cut to 60 Unicode code points."
                  },
                  "nicknames": {
                    "type": "array",
                    "items": {
                      "type": "string",
                      "pattern": "^[^\\u0000]*$",
                      "minLength": 1
                    }
                  },
                  "room": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "^[^\\u0000]*$",
                    "minLength": 1
                  },
                  "structure": {
                    "type": [
                      "string",
                      "null"
                    ],
                    "pattern": "^[^\\u0000]*$",
                    "minLength": 1
                  }
                }
              },
              "StateChange": {
                "type": "object",
                "description": "What changed; `{}` changes nothing.",
                "additionalProperties": false,
                "properties": {
                  "clusters": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "object",
                      "additionalProperties": {
                        "$ref": "#/components/schemas/AttributeValue"
                      }
                    },
                    "description": "Matter cluster → attribute → value to set, checked like the device file."
                  },
                  "online": {
                    "type": "boolean"
                  },
                  "endpoint": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 255,
                    "description": "The endpoint the change is for (default: each attribute goes to the one endpoint with its cluster; `online` to every endpoint)."
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
                    "$ref": "#/components/schemas/Id"
                  },
                  "deviceId": {
                    "$ref": "#/components/schemas/Id"
                  },
                  "clusters": {
                    "type": "object",
                    "additionalProperties": {
                      "type": "object",
                      "additionalProperties": {
                        "$ref": "#/components/schemas/AttributeValue"
                      }
                    },
                    "description": "Matter cluster → attribute → value to set, checked like the device file."
                  },
                  "online": {
                    "type": "boolean"
                  },
                  "endpoint": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 255,
                    "description": "The endpoint the change is for (default: each attribute goes to the one endpoint with its cluster; `online` to every endpoint)."
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
                    "maxItems": 1000,
                    "items": {
                      "$ref": "#/components/schemas/BatchStateChange"
                    },
                    "description": "More than 1,000 answers 413."
                  }
                }
              },
              "StateBatchResult": {
                "type": "object",
                "required": [
                  "applied"
                ],
                "additionalProperties": false,
                "properties": {
                  "applied": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 1000
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
                      "coAlarm",
                      "doorbellPress",
                      "smokeAlarm",
                      "waterLeak"
                    ]
                  },
                  "value": {
                    "type": "integer",
                    "enum": [
                      1,
                      2
                    ],
                    "description": "1 warning, 2 critical (for the alarms)."
                  }
                }
              },
              "EventAccepted": {
                "type": "object",
                "required": [
                  "event",
                  "queued"
                ],
                "additionalProperties": false,
                "properties": {
                  "event": {
                    "type": "string",
                    "enum": [
                      "coAlarm",
                      "doorbellPress",
                      "smokeAlarm",
                      "waterLeak"
                    ]
                  },
                  "queued": {
                    "type": "boolean",
                    "description": "false when reporting is off, the user is unlinked or the device lacks `notificationSupportedByAgent`."
                  }
                }
              },
              "CommandChange": {
                "type": "object",
                "description": "An EXECUTE Hearth carried out on one endpoint.",
                "required": [
                  "cursor",
                  "kind",
                  "agentUserId",
                  "deviceId",
                  "occurred",
                  "endpoint",
                  "command",
                  "arguments",
                  "changed",
                  "requestId"
                ],
                "additionalProperties": false,
                "properties": {
                  "cursor": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 9223372036854775807,
                    "format": "int64"
                  },
                  "kind": {
                    "type": "string",
                    "const": "command"
                  },
                  "agentUserId": {
                    "type": "string",
                    "minLength": 1
                  },
                  "deviceId": {
                    "type": "string",
                    "minLength": 1
                  },
                  "occurred": {
                    "type": "string",
                    "format": "date-time",
                    "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$",
                    "description": "RFC 3339, UTC, milliseconds: `2026-11-24T02:30:00.123Z`."
                  },
                  "endpoint": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 255,
                    "description": "1 = the primary endpoint."
                  },
                  "command": {
                    "type": "string",
                    "description": "`Cluster.Command`, Matter names (`LevelControl.MoveToLevelWithOnOff`, `OnOff.Write`)."
                  },
                  "arguments": {
                    "type": "object",
                    "additionalProperties": {
                      "$ref": "#/components/schemas/AttributeValue"
                    },
                    "description": "The command's arguments, Matter units."
                  },
                  "changed": {
                    "$ref": "#/components/schemas/Clusters"
                  },
                  "requestId": {
                    "type": "string",
                    "description": "Google's requestId of the EXECUTE."
                  }
                }
              },
              "StateChangeRecord": {
                "type": "object",
                "description": "Attributes or connectivity of one endpoint changed.",
                "required": [
                  "cursor",
                  "kind",
                  "agentUserId",
                  "deviceId",
                  "occurred",
                  "endpoint",
                  "clusters",
                  "by"
                ],
                "additionalProperties": false,
                "properties": {
                  "cursor": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 9223372036854775807,
                    "format": "int64"
                  },
                  "kind": {
                    "type": "string",
                    "const": "state"
                  },
                  "agentUserId": {
                    "type": "string",
                    "minLength": 1
                  },
                  "deviceId": {
                    "type": "string",
                    "minLength": 1
                  },
                  "occurred": {
                    "type": "string",
                    "format": "date-time",
                    "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$",
                    "description": "RFC 3339, UTC, milliseconds: `2026-11-24T02:30:00.123Z`."
                  },
                  "endpoint": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 255,
                    "description": "1 = the primary endpoint."
                  },
                  "clusters": {
                    "$ref": "#/components/schemas/Clusters"
                  },
                  "online": {
                    "type": "boolean",
                    "description": "Only when connectivity changed."
                  },
                  "by": {
                    "type": "string",
                    "enum": [
                      "google",
                      "api",
                      "cli"
                    ]
                  }
                }
              },
              "DeviceChange": {
                "type": "object",
                "description": "A device added, replaced or renamed.",
                "required": [
                  "cursor",
                  "kind",
                  "agentUserId",
                  "deviceId",
                  "occurred",
                  "change",
                  "device"
                ],
                "additionalProperties": false,
                "properties": {
                  "cursor": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 9223372036854775807,
                    "format": "int64"
                  },
                  "kind": {
                    "type": "string",
                    "const": "device"
                  },
                  "agentUserId": {
                    "type": "string",
                    "minLength": 1
                  },
                  "deviceId": {
                    "type": "string",
                    "minLength": 1
                  },
                  "occurred": {
                    "type": "string",
                    "format": "date-time",
                    "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$",
                    "description": "RFC 3339, UTC, milliseconds: `2026-11-24T02:30:00.123Z`."
                  },
                  "change": {
                    "type": "string",
                    "enum": [
                      "added",
                      "replaced",
                      "renamed"
                    ]
                  },
                  "device": {
                    "$ref": "#/components/schemas/RecordedDevice"
                  }
                }
              },
              "DeviceRemovedChange": {
                "type": "object",
                "description": "A device removed.",
                "required": [
                  "cursor",
                  "kind",
                  "agentUserId",
                  "deviceId",
                  "occurred",
                  "change"
                ],
                "additionalProperties": false,
                "properties": {
                  "cursor": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 9223372036854775807,
                    "format": "int64"
                  },
                  "kind": {
                    "type": "string",
                    "const": "device"
                  },
                  "agentUserId": {
                    "type": "string",
                    "minLength": 1
                  },
                  "deviceId": {
                    "type": "string",
                    "minLength": 1
                  },
                  "occurred": {
                    "type": "string",
                    "format": "date-time",
                    "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$",
                    "description": "RFC 3339, UTC, milliseconds: `2026-11-24T02:30:00.123Z`."
                  },
                  "change": {
                    "type": "string",
                    "const": "removed"
                  }
                }
              },
              "UserChange": {
                "type": "object",
                "description": "A user created, linked, unlinked or removed (no `deviceId`).",
                "required": [
                  "cursor",
                  "kind",
                  "agentUserId",
                  "occurred",
                  "change"
                ],
                "additionalProperties": false,
                "properties": {
                  "cursor": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 9223372036854775807,
                    "format": "int64"
                  },
                  "kind": {
                    "type": "string",
                    "const": "user"
                  },
                  "agentUserId": {
                    "type": "string",
                    "minLength": 1
                  },
                  "occurred": {
                    "type": "string",
                    "format": "date-time",
                    "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$",
                    "description": "RFC 3339, UTC, milliseconds: `2026-11-24T02:30:00.123Z`."
                  },
                  "change": {
                    "type": "string",
                    "enum": [
                      "created",
                      "linked",
                      "unlinked",
                      "removed"
                    ]
                  }
                }
              },
              "Change": {
                "description": "One change: the `data:` of an SSE event and each element of a long-poll's `changes`.",
                "oneOf": [
                  {
                    "$ref": "#/components/schemas/CommandChange"
                  },
                  {
                    "$ref": "#/components/schemas/StateChangeRecord"
                  },
                  {
                    "$ref": "#/components/schemas/DeviceChange"
                  },
                  {
                    "$ref": "#/components/schemas/DeviceRemovedChange"
                  },
                  {
                    "$ref": "#/components/schemas/UserChange"
                  }
                ]
              },
              "Snapshot": {
                "type": "object",
                "description": "Every device of one user, consistent with `cursor` (the changes after it follow): the `data:` of a `snapshot` event, and each element of a long-poll's `snapshot`.",
                "required": [
                  "cursor",
                  "agentUserId",
                  "devices"
                ],
                "additionalProperties": false,
                "properties": {
                  "cursor": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 9223372036854775807,
                    "format": "int64"
                  },
                  "agentUserId": {
                    "type": "string",
                    "minLength": 1
                  },
                  "devices": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/StoredDevice"
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
                "additionalProperties": false,
                "properties": {
                  "changes": {
                    "type": "array",
                    "maxItems": 1000,
                    "items": {
                      "$ref": "#/components/schemas/Change"
                    }
                  },
                  "next": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 9223372036854775807,
                    "format": "int64",
                    "description": "The cursor to pass as `after` next time: the last one given, or `after` when none."
                  },
                  "snapshot": {
                    "type": "array",
                    "items": {
                      "$ref": "#/components/schemas/Snapshot"
                    },
                    "description": "Only with `snapshot=true` (then `changes` is empty)."
                  }
                }
              }
            },
            "responses": {
              "BadRequest": {
                "description": "Malformed JSON (`malformedJSON`), an id outside `Id` (`invalidId`), or a request the listener cannot frame (`missingHost`, …; then `Connection: close`).",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/Error"
                        }
                      ],
                      "properties": {
                        "error": {
                          "enum": [
                            "malformedJSON",
                            "invalidId",
                            "missingHost",
                            "repeatedHost",
                            "transferEncodingInHTTP10",
                            "contentLengthWithTransferEncoding",
                            "repeatedContentLength",
                            "repeatedTransferEncoding",
                            "transferEncodingNotChunked",
                            "invalidMethod",
                            "invalidRequestTarget",
                            "invalidHeaderField"
                          ]
                        }
                      }
                    }
                  }
                }
              },
              "BadParameter": {
                "description": "A bad query parameter or `Last-Event-ID` (`invalidParameter`, the parameter in `details[0].path`, \"did you mean\" for a misspelt name; a `user` that is no id: `invalidId`), or a request the listener cannot frame or refuses (`invalidRequestTarget`: a control byte or space in the target; `invalidHeaderField`: a control byte in a header value or a folded line).",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/Error"
                        }
                      ],
                      "properties": {
                        "error": {
                          "enum": [
                            "invalidParameter",
                            "invalidId",
                            "missingHost",
                            "repeatedHost",
                            "transferEncodingInHTTP10",
                            "contentLengthWithTransferEncoding",
                            "repeatedContentLength",
                            "repeatedTransferEncoding",
                            "transferEncodingNotChunked",
                            "invalidMethod",
                            "invalidRequestTarget",
                            "invalidHeaderField"
                          ]
                        }
                      }
                    }
                  }
                }
              },
              "Unauthorized": {
                "description": "No API key, not a Bearer credential, an unknown or revoked key, or a Google token. Repeated bad keys are slowed.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/Error"
                        }
                      ],
                      "properties": {
                        "error": {
                          "enum": [
                            "unauthorized"
                          ]
                        }
                      }
                    }
                  }
                },
                "headers": {
                  "WWW-Authenticate": {
                    "required": true,
                    "schema": {
                      "type": "string",
                      "const": "Bearer realm=\"hearth-api\""
                    }
                  }
                }
              },
              "NotFound": {
                "description": "Unknown user or device.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/Error"
                        }
                      ],
                      "properties": {
                        "error": {
                          "enum": [
                            "notFound"
                          ]
                        }
                      }
                    }
                  }
                }
              },
              "PreconditionFailed": {
                "description": "`If-Match` names another version than the stored one (or there is no such device); nothing was written.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/Error"
                        }
                      ],
                      "properties": {
                        "error": {
                          "enum": [
                            "preconditionFailed"
                          ]
                        }
                      }
                    }
                  }
                }
              },
              "PayloadTooLarge": {
                "description": "The body is over `http.maxBodyBytes` (the listener's answer, before any of it is read), or a batch over 1,000 changes.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/Error"
                        }
                      ],
                      "properties": {
                        "error": {
                          "enum": [
                            "payloadTooLarge"
                          ]
                        }
                      }
                    }
                  }
                }
              },
              "UnsupportedMediaType": {
                "description": "The body is not `application/json`.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/Error"
                        }
                      ],
                      "properties": {
                        "error": {
                          "enum": [
                            "unsupportedMediaType"
                          ]
                        }
                      }
                    }
                  }
                }
              },
              "Unprocessable": {
                "description": "Valid JSON, but not a valid request: unknown fields (with \"did you mean\"), wrong types, out-of-range values, a device the import would refuse, a state change that does not apply; `details` says where.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/Error"
                        }
                      ],
                      "properties": {
                        "error": {
                          "enum": [
                            "invalid"
                          ]
                        }
                      }
                    }
                  }
                }
              },
              "Gone": {
                "description": "The cursor is older than `changes.retentionHours`, or one this Hearth never gave: take a snapshot (`snapshot=true`) and follow from its cursor.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/Error"
                        }
                      ],
                      "properties": {
                        "error": {
                          "enum": [
                            "cursorExpired"
                          ]
                        }
                      }
                    }
                  }
                }
              },
              "Unavailable": {
                "description": "The registry or the change log failed; nothing was written. Try again.",
                "content": {
                  "application/json": {
                    "schema": {
                      "allOf": [
                        {
                          "$ref": "#/components/schemas/Error"
                        }
                      ],
                      "properties": {
                        "error": {
                          "enum": [
                            "unavailable"
                          ]
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
        """#
}
