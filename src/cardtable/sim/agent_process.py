"""The agent's process: ``python -m cardtable.sim.agent_process`` runs
:func:`cardtable.sim.agent_side.main` (a module of its own, which nothing imports, so that
running it does not import it twice)."""

from cardtable.sim.agent_side import main

if __name__ == "__main__":
    main()
