"""Hardware adapters: RFID readers, cameras, buttons, LED and buzzer.

Each device kind has one interface with a real backend (Raspberry Pi) and a simulated
backend side by side, chosen by configuration. Devices deliver table inputs through one
thread-safe event queue.
"""
