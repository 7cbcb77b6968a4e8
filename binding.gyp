{
  "targets": [
    {
      "target_name": "contexterm_termios",
      "conditions": [
        ["OS=='win'", { "type": "none" }, { "sources": ["native/termios.c"], "defines": ["NAPI_VERSION=8"] }]
      ]
    },
    {
      "target_name": "contexterm_memory",
      "sources": ["native/memory.c"],
      "defines": ["NAPI_VERSION=8"]
    }
  ]
}
