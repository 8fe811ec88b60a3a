-- Up Migration
-- A short form searched as a whole word ("uk": `\muk\M`) has no trigram, so the trigram indexes cannot find it and
-- every live hotel's text was read (186 ms at 100,000 hotels). The words of search_words (which holds search_text's)
-- as an array, GIN-indexed, find the hotels having it as a word; the regular expression still decides, so this index
-- only narrows (store/search.ts, wordConditionSql). Split on what is not a word character of \m and \M.
CREATE INDEX hotels_search_word_list ON hotels USING gin ((regexp_split_to_array(search_words, '[^[:alnum:]_]+'))) WHERE is_approved;

-- Down Migration
DROP INDEX hotels_search_word_list;
