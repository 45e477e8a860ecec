/* built */!function(){var e={};}();
