{
  "targets": [
    {
      "target_name": "contexterm_termios",
      "conditions": [
        ["OS=='win'", { "type": "none" }, { "sources": ["native/termios.c"], "defines": ["NAPI_VERSION=8"] }]
      ]
    }
  ]
}
