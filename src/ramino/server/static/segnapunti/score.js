// score
