import Wire

/// JSON Schemas of the ceiling ops' `args`, listed by the `ops` op.
enum CeilingSchemas {
    static let menu: JSONValue = [
        "type": "object",
        "properties": ["node": ["type": "string", "description": "a node id; the root when absent"]],
        "additionalProperties": false,
    ]

    static let inputs: JSONValue = [
        "type": "object",
        "required": ["product"],
        "properties": ["product": ["type": "string", "description": "a product (leaf) id, e.g. regal_600x600"]],
        "additionalProperties": false,
    ]

    static let estimate: JSONValue = [
        "type": "object",
        "required": ["product"],
        "properties": [
            "product": ["type": "string", "description": "a product (leaf) id, e.g. regal_600x600"],
            "inputs": [
                "type": "object",
                "description": "values by input name as ceiling.inputs lists them; numbers may be decimal strings",
                "additionalProperties": ["type": ["number", "string", "boolean", "null"]],
            ],
        ],
        "additionalProperties": false,
    ]
}
