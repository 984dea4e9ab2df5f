"""The Kivy touchscreen app: renders the referee's state and sends intents."""
