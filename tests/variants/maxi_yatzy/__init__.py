"""Tests of the Maxi Yatzy preset."""
