"""Accounts: sign-up and sign-in, players claiming their profile, notices, API tokens and sign-in lockout."""
