"""Results: the one table of result codes and bye kinds (``codes``), and recording them (``services``)."""
