-- The orders table, and two orders to try: pay one by card, one by Pix.
DROP TABLE IF EXISTS orders;
CREATE TABLE orders (id TEXT PRIMARY KEY, amount INTEGER NOT NULL, description TEXT, paid_at TEXT, payment_id TEXT, claimed_at TEXT);
INSERT INTO orders (id, amount, description) VALUES ('pedido-1042', 15990, 'Curso de fotografia'), ('pedido-1043', 4590, 'Livro de receitas');
