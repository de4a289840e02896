-- Hand-written (issue 18): FTS5's unicode61 tokenizer takes only letters, digits and private-use
-- characters into a word unless told otherwise, so a Bengali word broke at its vowel signs and other
-- marks: "বাংলা" was indexed as "ব" and "ল", and a query for it matched unrelated Bengali text. Marks
-- (M*) now belong to words, as in searchWords() and PostgreSQL's parser; Latin accents are still
-- dropped (remove_diacritics 2, precomposed or not). The table is rebuilt from the products.
DROP TABLE `products_search`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_search` USING fts5(`product_id` UNINDEXED, `title`, `category`, `description`, tokenize = 'unicode61 remove_diacritics 2 categories ''L* N* Co M*''');
--> statement-breakpoint
INSERT INTO `products_search` (`product_id`, `title`, `category`, `description`)
SELECT p.`id`, p.`title` || coalesce(' ' || p.`title_bn`, ''), c.`name` || coalesce(' ' || c.`name_bn`, ''), p.`description` || coalesce(' ' || p.`description_bn`, '')
FROM `products` p JOIN `categories` c ON c.`id` = p.`category_id`;
