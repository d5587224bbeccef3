"""Whether the agents answer real users' questions right, abstain, or answer wrong."""
