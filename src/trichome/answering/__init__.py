"""Answering a call, one use case for every route that answers: admission (the caller's
window, the conversation cap, the reserved call), metering (usage, ads, the refund of a
failed answer) and the answer's events, which the edge writes in the wire format asked."""
