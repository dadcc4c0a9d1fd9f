-- An experiment with an arm beside the list, under a name: # counts one.
return {arms = {{name = "a"}, second = {name = "b"}}}
