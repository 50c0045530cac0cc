"""Eights: a small two-player game of hidden hands, written as a Card Table plug-in.

It lives in the tests only, to prove that a game is one package and one entry point: nothing
outside this folder names it. Its rules (crazy eights, two players):

- each deal, each player is dealt ``hand_size`` cards; the next card starts the pile;
- on a turn a player plays a card of the pile's suit or rank, or any eight (naming the suit
  to follow), or draws a card from the stock (always allowed while it has cards), which ends
  the turn; with the stock empty and nothing to play, the player passes;
- the deal ends when a hand is empty (its player scores the cards left in the other hand:
  eights 50, court cards 10, aces 1, the rest their number) or when both pass in a row (the
  lower hand scores the difference);
- the match ends when a player reaches ``target`` points.
"""
