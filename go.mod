module github.com/packline/packline

go 1.26
