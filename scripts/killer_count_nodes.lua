-- killer_count_nodes.lua: the search nodes of each puzzle of a file, for
-- the first solution (count to 1) and for the uniqueness proof (count to
-- 2): issue 23's killer counts are trees of thousands of nodes, and a
-- change to the search is judged by the size of its trees as much as by
-- its time. The nodes are found by bisection over the node limit (a count
-- that gives up past N nodes needed more than N), so nothing in the
-- engine has to report them.
--
-- The two are separate searches: a count to 2 restarts with look-ahead
-- (core/engine/search.c) where a search for one solution does not, so
-- the count may take fewer nodes than the search for one solution
-- (scripts/RESULTS_killer.md, "where a count's nodes go now").
--
-- Each argument is puzzle text (scripts read no files). Run from the
-- project root after a build:
--   build/sudolab run scripts/killer_count_nodes.lua \
--     "$(grep -v '^#' ../shared/data/killer_extreme.txt)"
local text = table.concat({...}, "\n")

-- The least node limit under which p:count(limit) does not give up.
local function nodes_of(p, limit)
  local lo, hi = 1, 1
  while select(2, p:count(limit, hi)) == "gave up" do lo, hi = hi + 1, hi * 2 end
  while lo < hi do
    local mid = (lo + hi) // 2
    if select(2, p:count(limit, mid)) == "gave up" then lo = mid + 1 else hi = mid end
  end
  return hi
end

for i, p in ipairs(sudolab.read(text)) do
  local count = p:count(2)
  print(string.format("puzzle %d: %d solution(s), search for one %d nodes, count to two %d nodes", i,
                      count, nodes_of(p, 1), nodes_of(p, 2)))
end
